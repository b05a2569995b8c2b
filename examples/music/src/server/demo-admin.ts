import { randomBytes } from 'node:crypto';
import { createUser, DEFAULT_ROLES, defineModule, hashPassword } from '@backline/server';

/**
 * Seeds a demo admin when no admin exists yet, and prints the credentials once. The password comes from
 * `DEMO_ADMIN_PASSWORD`, or is random: a fixed default password would be a backdoor on every install.
 */
export const demoAdmin = () =>
  defineModule({
    id: 'demo-admin',
    async seed(kit) {
      const admins = await kit
        .knex('user_roles')
        .join('roles', 'roles.id', 'user_roles.role_id')
        .where('roles.name', DEFAULT_ROLES.admin)
        .first('user_roles.user_id');
      if (admins) return;
      const email = process.env.DEMO_ADMIN_EMAIL || 'admin@example.com';
      const password = process.env.DEMO_ADMIN_PASSWORD || randomBytes(12).toString('base64url');
      const passwordHash = await hashPassword(password);
      const now = kit.now();
      await kit.knex.transaction((trx) =>
        createUser(trx, { email, passwordHash, emailVerifiedAt: now, roles: [DEFAULT_ROLES.admin], now }),
      );
      kit.log.info(`Demo admin created: ${email} / ${password} (shown once; change it in account settings)`);
    },
  });

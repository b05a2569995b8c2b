import { randomBytes } from 'node:crypto';
import {
  DEFAULT_LOGIN_PAGE_DEFAULTS,
  DEMO_ACCOUNT,
  DEMO_ACCOUNT_COUNT,
  demoAccountEmail,
} from '@backline/core/contract';
import { createUser, DEFAULT_ROLES, defineModule, hashPassword, type Kit } from '@backline/server';

/**
 * On a demo site (public setting `site.demo`), the accounts the login page pre-fills: the fixed demo admin, and
 * in `randomAccount` mode the numbered ones too. Their addresses and password come from the same constants the
 * login page reads, so what it pre-fills always signs in. Never on a site that is not a demo: a known password
 * on an admin account would be a backdoor.
 */
export function demoAccountEmails(mode: string): string[] {
  const emails: string[] = [DEMO_ACCOUNT.email];
  if (mode === 'randomAccount')
    for (let n = 1; n <= DEMO_ACCOUNT_COUNT; n++) emails.push(demoAccountEmail(n));
  return emails;
}

/** Creates the demo accounts that do not exist yet (idempotent); answers how many it created. */
export async function seedDemoAccounts(kit: Kit): Promise<number> {
  if (!(await kit.settings.get<boolean>('site.demo', false))) return 0;
  const mode = await kit.settings.get<string>('site.loginPageDefaults', DEFAULT_LOGIN_PAGE_DEFAULTS);
  const wanted = demoAccountEmails(mode);
  const existing = new Set(
    (await kit.knex('users').whereIn('email', wanted).select('email')).map(
      (row: { email: string }) => row.email,
    ),
  );
  const missing = wanted.filter((email) => !existing.has(email));
  if (!missing.length) return 0;
  // One hash for them all: they share the demo password.
  const passwordHash = await hashPassword(DEMO_ACCOUNT.password);
  const now = kit.now();
  await kit.knex.transaction(async (trx) => {
    for (const email of missing)
      await createUser(trx, { email, passwordHash, emailVerifiedAt: now, roles: [DEFAULT_ROLES.admin], now });
  });
  kit.log.info(
    `Demo mode: created ${missing.length} demo account(s), e.g. ${missing[0]} / ${DEMO_ACCOUNT.password}`,
  );
  return missing.length;
}

/**
 * Seeds a demo admin when no admin exists yet, and prints the credentials once. The password comes from
 * `DEMO_ADMIN_PASSWORD`, or is random: a fixed default password would be a backdoor on every install. On a demo
 * site it also seeds the accounts the login page pre-fills (`seedDemoAccounts`), at every start, so turning demo
 * mode on (or switching it to random accounts) later works without a manual seed.
 */
export const demoAdmin = () =>
  defineModule({
    id: 'demo-admin',
    async seed(kit) {
      await seedDemoAccounts(kit);
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
    async start(kit) {
      // On a first start the roles do not exist yet; `seed` (which runs after the accounts module's) does it then.
      if (await kit.knex('roles').where({ name: DEFAULT_ROLES.admin }).first('id'))
        await seedDemoAccounts(kit);
    },
  });

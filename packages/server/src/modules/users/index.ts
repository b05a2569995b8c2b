import { defineModule } from '../../kit';
import { requestAccess } from '../permissions/index';
import { serializeUser } from './serialize-user';

/**
 * The users table (the account fields: email, password hash, names, avatar, language, country, timezone,
 * verification time) and the signed-in user in bootstrap data. Installed first of the account modules; the
 * account endpoints are the `account` module's. `accounts()` installs them all in order.
 */
export const usersModule = () =>
  defineModule({
    id: 'users',
    migrations: {
      '001-users': {
        async up(knex) {
          await knex.schema.createTable('users', (t) => {
            t.increments('id');
            // Stored in normal form (NFKC, lower case), so the unique index is case- and look-alike-proof.
            t.string('email', 255).notNullable().unique();
            t.string('password', 255);
            t.string('first_name', 100);
            t.string('last_name', 100);
            t.string('avatar', 2048);
            t.string('language', 12);
            t.string('country', 2);
            t.string('timezone', 64);
            t.timestamp('email_verified_at', { useTz: true });
            t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
            t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
          });
        },
        async down(knex) {
          await knex.schema.dropTable('users');
        },
      },
    },
    async bootstrap(ctx, data, kit) {
      const user = ctx.state.user;
      if (!user) return;
      const access = await requestAccess(ctx, kit);
      data.user = { ...(await serializeUser(kit, user, { ctx, access })) };
    },
  });

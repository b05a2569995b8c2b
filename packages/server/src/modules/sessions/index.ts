import { sessions } from '@backline/core/contract';
import { defineModule } from '../../kit';
import { describeSession } from './describe-session';
import { checkOwnPassword, requireConfirmedPassword } from './password-confirmation';
import { Session } from './session-model';
import { extraSessions, prepareSessionRevocation } from './session-sources';
import { endOtherSessions, pruneSessions, sessionMiddleware } from './session-store';

/**
 * Database sessions: the table, the middleware that reads the cookie into `ctx.state.user`, the list of a
 * user's sessions and "log out other sessions". Install after `users`.
 */
export const sessionsModule = () => {
  let sweep: NodeJS.Timeout | undefined;
  return defineModule({
    id: 'sessions',
    migrations: {
      '001-sessions': {
        async up(knex) {
          await knex.schema.createTable('sessions', (t) => {
            t.increments('id');
            t.string('token_hash', 64).notNullable().unique();
            t.integer('user_id').references('users.id').onDelete('CASCADE').index();
            t.string('ip_address', 45);
            t.string('user_agent', 500);
            t.jsonb('payload').notNullable().defaultTo('{}');
            t.boolean('remember').notNullable().defaultTo(false);
            t.timestamp('last_active', { useTz: true }).notNullable();
            t.timestamp('expires_at', { useTz: true }).notNullable().index();
            t.timestamp('created_at', { useTz: true }).notNullable();
          });
        },
        async down(knex) {
          await knex.schema.dropTable('sessions');
        },
      },
    },
    settings: {
      // Minutes a session without "remember me" survives without activity.
      'session.lifetime': { value: 120 },
    },
    session: sessionMiddleware,
    routes(router) {
      router.route(sessions.list).handle(async ({ ctx, kit }) => {
        const rows = await Session.query(kit.knex)
          .where({ user_id: ctx.state.user!.id })
          .where('expires_at', '>', kit.now())
          .orderBy('last_active', 'desc')
          .orderBy('id', 'desc');
        // Browser sessions first, then sessions of API tokens (marked by `token`).
        const list = rows.map((row) => describeSession(row, ctx.state.session?.id));
        return { sessions: [...list, ...(await extraSessions(ctx, kit, ctx.state.user!.id))] };
      });
      router.route(sessions.logoutOther).handle(async ({ body, ctx, kit }) => {
        requireConfirmedPassword(ctx, kit);
        await checkOwnPassword(kit, ctx.state.user!, body.password, 'password');
        const userId = ctx.state.user!.id;
        // Token sessions are listed beside browser sessions, so they end with them: one transaction for both.
        const revoke = await prepareSessionRevocation(kit, userId, 'logout-other');
        const ended = await kit.knex.transaction(
          async (trx) =>
            (await endOtherSessions(kit, userId, ctx.state.session!.id, trx)) + (await revoke(trx)),
        );
        return { message: 'Logged out other sessions.', ended };
      });
    },
    async start(kit) {
      await pruneSessions(kit);
      sweep = setInterval(
        () => pruneSessions(kit).catch((e) => kit.log.warn(`Pruning sessions failed: ${e}`)),
        3_600_000,
      ).unref();
    },
    stop() {
      if (sweep) clearInterval(sweep);
    },
  });
};

import { profile } from '@backline/core/contract';
import { defineModule } from '../../kit';
import { displayName, serializeUser } from '../users/serialize-user';
import { User } from '../users/user-model';

declare module '../users/user-model' {
  /** The column this module adds to `users` (its migration `001-display-name`). */
  interface User {
    /** The name the user chose to be shown by; null until they choose one. */
    display_name: string | null;
  }
}

/**
 * The user's public profile fields: `display_name`, the name shown on their profile and next to what they share.
 * Its column, its place in the serialized user and its route (`PUT users/me/profile`) all live here, so the users
 * module knows nothing of it. A user who chose no name is shown by the name the users module derives.
 */
export const profileModule = () =>
  defineModule({
    id: 'profile',
    migrations: {
      '001-display-name': {
        async up(knex) {
          await knex.schema.alterTable('users', (t) => {
            t.string('display_name', profile.DISPLAY_NAME_MAX);
          });
        },
        async down(knex) {
          await knex.schema.alterTable('users', (t) => {
            t.dropColumn('display_name');
          });
        },
      },
    },
    user: {
      serialize: (_kit, user) => ({ display_name: user.display_name || displayName(user) }),
    },
    routes(router) {
      router.route(profile.update).handle(async ({ body, ctx, kit }) => {
        const user = ctx.state.user!;
        if (body.display_name !== undefined) {
          const patch = { display_name: body.display_name, updated_at: kit.now() };
          await User.query(kit.knex).findById(user.id).patch(patch);
          Object.assign(user, patch);
        }
        return { user: await serializeUser(kit, user) };
      });
    },
  });

import { defineModule } from '../../kit';
import { accountRoutes } from './account-routes';

/**
 * The account endpoints (`GET`/`PUT users/{id}`, the avatar, account deletion; see account-routes.ts). A
 * module of its own above `users`, because it builds on sessions, sign-in, uploads and the value lists:
 * `users` itself (the table and the signed-in user in bootstrap data) sits under every other module and so
 * imports none of them. `accounts()` installs it right after `users`.
 */
export const accountModule = () =>
  defineModule({
    id: 'account',
    routes(router) {
      accountRoutes(router);
    },
  });

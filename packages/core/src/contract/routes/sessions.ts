import * as z from 'zod/mini';
import { passwordField } from '../fields';
import { route } from '../route';
import { Session } from '../schemas/session';

/** `GET user-sessions`: the signed-in user's live sessions, browsers first, then API tokens that were used. */
export const list = route({
  method: 'GET',
  path: 'user-sessions',
  tag: 'sessions',
  summary: "The signed-in user's active sessions",
  auth: true,
  response: z.object({ sessions: z.array(Session) }),
});

/**
 * `POST user-sessions/logout-other`: ends every other session of the user after checking the password (which
 * must also have been confirmed recently: 423 otherwise).
 */
export const logoutOther = route({
  method: 'POST',
  path: 'user-sessions/logout-other',
  tag: 'sessions',
  summary: "End the signed-in user's other sessions",
  auth: true,
  body: z.object({ password: passwordField() }),
  response: z.object({ message: z.string(), ended: z.number() }),
  errors: [423],
  rateLimited: true,
  token: false,
});

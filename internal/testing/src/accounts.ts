import { type BacklineApp, createUser, hashPassword, type User } from '@backline/server';
import { XSRF_COOKIE } from '@backline/server/testing';
import type { HttpSession } from './http-session';
import type { RunningServer } from './server';

/** Creates a user straight in the database (default roles plus `roles`), verified unless told otherwise. */
export async function createTestUser(
  app: BacklineApp,
  options: { email: string; password: string; roles?: string[]; verified?: boolean },
): Promise<User> {
  const passwordHash = await hashPassword(options.password);
  const now = app.kit.now();
  return app.kit.knex.transaction((trx) =>
    createUser(trx, {
      email: options.email,
      passwordHash,
      roles: options.roles,
      emailVerifiedAt: options.verified === false ? null : now,
      now,
    }),
  );
}

/** Logs in over HTTP like the client does (fetching the XSRF cookie first when the jar has none). */
export async function loginOverHttp(
  http: HttpSession,
  email: string,
  password: string,
  options: { remember?: boolean } = {},
) {
  if (!http.cookies.has(XSRF_COOKIE)) await http.get('/api/v1/health');
  return http.post('/auth/login', { email, password, remember: options.remember ?? false });
}

/** Decodes the `bootstrapData` string of a register, login or logout answer. */
export function bootstrapOf(data: unknown): {
  user: Record<string, unknown> | null;
  guest_role: { id: number; name: string; permissions: unknown[] } | null;
  settings: Record<string, unknown>;
} {
  const encoded = (data as { bootstrapData?: unknown }).bootstrapData;
  if (typeof encoded !== 'string') throw new Error(`No bootstrapData in ${JSON.stringify(data)}`);
  return JSON.parse(encoded);
}

/** The user the server sees for this browser (from `GET bootstrap-data`), or null for a visitor. */
export async function currentUser(http: HttpSession): Promise<Record<string, unknown> | null> {
  const response = await http.get('/api/v1/bootstrap-data');
  return JSON.parse((response.data as { data: { data: string } }).data.data).user;
}

/**
 * Creates a user (as `createTestUser`) and signs them in over HTTP in a new session of `server`. A login that
 * does not answer 200 throws, failing the test that asked.
 */
export async function signedInUser(
  server: RunningServer,
  options: { email: string; password: string; roles?: string[] },
): Promise<{ user: User; http: HttpSession }> {
  const user = await createTestUser(server.app, options);
  const http = server.session();
  const login = await loginOverHttp(http, options.email, options.password);
  if (login.status !== 200) throw new Error(`login as ${options.email} answered ${login.status}`);
  return { user, http };
}

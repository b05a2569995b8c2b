import { type BacklineApp, createUser, hashPassword, type User } from '@backline/server';
import type { HttpSession } from './http-session';

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
  if (!http.cookies.has('XSRF-TOKEN')) await http.get('/api/v1/health');
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

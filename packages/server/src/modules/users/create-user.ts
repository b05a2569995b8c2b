import { normalizeEmail } from '@backline/core/contract';
import type { Knex } from 'knex';
import { UniqueViolationError } from 'objection';
import { ValidationError } from '../../http/errors';
import {
  accessFromColumns,
  assignDefaultRoles,
  assignRoles,
  type UserAccess,
} from '../permissions/permissions';
import { pooledQuery } from './pooled-query';
import { User } from './user-model';

export interface NewUser {
  email: string;
  /** An argon2id hash from `hashPassword`, never a plain password. */
  passwordHash: string | null;
  first_name?: string | null;
  last_name?: string | null;
  emailVerifiedAt?: Date | null;
  /** Role names to add besides the default roles. */
  roles?: string[];
  now: Date;
}

/** A unique violation, raw from knex (code 23505 on pg and PGlite) or wrapped by objection. */
export const isUniqueViolation = (error: unknown) =>
  error instanceof UniqueViolationError || (error as { code?: string })?.code === '23505';

/**
 * Inserts a user with the default roles, inside `trx` so a failure leaves no half-made account. A taken
 * address (even one taken a moment ago by a concurrent request) answers a 422 on `email` and the caller's
 * transaction rolls back.
 */
export async function createUser(trx: Knex.Transaction, input: NewUser): Promise<User> {
  let user: User;
  try {
    user = await User.query(trx).insertAndFetch({
      email: normalizeEmail(input.email),
      password: input.passwordHash,
      first_name: input.first_name ?? null,
      last_name: input.last_name ?? null,
      email_verified_at: input.emailVerifiedAt ?? null,
      created_at: input.now,
      updated_at: input.now,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationError({ email: ['The email has already been taken.'] });
    throw error;
  }
  await assignDefaultRoles(trx, user.id);
  if (input.roles?.length) await assignRoles(trx, user.id, input.roles);
  return user;
}

/** Finds a user by address, in its normal form. */
export async function findUserByEmail(knex: Knex, email: string): Promise<User | undefined> {
  return User.query(knex).findOne({ email: normalizeEmail(email) });
}

/**
 * Finds a user by address together with its roles and permissions, in one statement: a login needs both (the
 * password hash, then the bootstrap answer), and a round trip less is CPU the login does not take from hashing
 * (docs/benchmarks.md). An unknown address does the same work: the access function runs for a user id no row
 * has, so the database's time does not tell the two apart. Use the app's knex, not a transaction.
 */
export async function findUserForLogin(
  knex: Knex,
  email: string,
): Promise<{ user: User; access: UserAccess } | undefined> {
  const [row] = await pooledQuery(knex, FIND_FOR_LOGIN, [normalizeEmail(email)]);
  if (!row || row.id === null) return undefined;
  const { access_roles, access_grants, ...columns } = row;
  return { user: User.fromDatabaseJson(columns), access: accessFromColumns({ access_roles, access_grants }) };
}

const FIND_FOR_LOGIN = `select u.*, a.access_roles, a.access_grants
  from (select $1::text as email) as wanted
  left join users as u on u.email = wanted.email
  cross join backline_user_access(coalesce(u.id, 0)) as a`;

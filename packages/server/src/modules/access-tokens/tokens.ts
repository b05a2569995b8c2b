import { createHash, randomBytes } from 'node:crypto';
import { type AccessToken, accessTokens, MAX_ID, type Serializable } from '@backline/core/contract';
import type { Context } from 'koa';
import { Model } from 'objection';
import { ValidationError } from '../../http/errors';
import type { Kit } from '../../kit';
import { User } from '../users/user-model';

declare module 'koa' {
  interface DefaultState {
    /** The personal access token a `Authorization: Bearer` request was authenticated with. */
    accessToken?: PersonalAccessToken | null;
  }
}

/** `last_used_at`, the IP and the user agent of a token are written at most this often. */
export const TOKEN_ACTIVITY_INTERVAL_MS = 60 * 1000;

/** A row of `personal_access_tokens`. The caller holds `{id}|{secret}`; the table holds the secret's SHA-256. */
export class PersonalAccessToken extends Model {
  static override tableName = 'personal_access_tokens';
  static override jsonAttributes = ['abilities'];

  id!: number;
  user_id!: number;
  name!: string;
  token!: string;
  abilities!: string[] | null;
  last_used_at!: Date | null;
  ip_address!: string | null;
  user_agent!: string | null;
  expires_at!: Date | null;
  created_at!: Date;
  updated_at!: Date;
  user?: User | null;

  static override relationMappings = () => ({
    user: {
      relation: Model.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'personal_access_tokens.user_id', to: 'users.id' },
    },
  });
}

/** A token as the browser sees it (the contract's `AccessToken`, dates before serialisation): never the hash. */
export type AccessTokenResource = Serializable<AccessToken>;

/** The public fields of a token. */
export const serializeToken = (token: PersonalAccessToken): AccessTokenResource => ({
  id: token.id,
  name: token.name,
  abilities: token.abilities ?? [],
  last_used_at: token.last_used_at,
  created_at: token.created_at,
});

/** The SHA-256 a token's secret is stored as. */
export const hashAccessToken = (secret: string) => createHash('sha256').update(secret).digest('hex');

// `{id}|{43 base64url characters}` (32 random bytes: 256 bits).
const PLAIN_TOKEN = /^(\d{1,12})\|([A-Za-z0-9_-]{40,128})$/;

/**
 * How many live tokens one user may hold. Each is a standing credential and the account page lists them all,
 * so a script stuck in a loop must not mint them without end.
 */
export const MAX_ACCESS_TOKENS = 100;
export const TOO_MANY_TOKENS_MESSAGE = `You can have at most ${MAX_ACCESS_TOKENS} access tokens. Delete one you no longer use to create another.`;

/**
 * Creates a token for a user; the plain text is answered once and never stored. A user already holding
 * `MAX_ACCESS_TOKENS` live tokens gets a 422 on `tokenName` instead.
 */
export async function createAccessToken(
  kit: Kit,
  userId: number,
  name: string,
  abilities: readonly accessTokens.TokenAbility[] = accessTokens.DEFAULT_TOKEN_ABILITIES,
): Promise<{ token: PersonalAccessToken; plainTextToken: string }> {
  const secret = randomBytes(32).toString('base64url');
  const now = kit.now();
  const token = await kit.knex.transaction(async (trx) => {
    // The user's row stays locked until the insert commits, so two requests at once cannot both take the last place.
    await trx('users').where({ id: userId }).forUpdate().first('id');
    const [live] = await trx('personal_access_tokens')
      .where({ user_id: userId })
      .andWhere((where) => where.whereNull('expires_at').orWhere('expires_at', '>', now))
      .count({ count: '*' });
    if (Number(live?.count ?? 0) >= MAX_ACCESS_TOKENS)
      throw new ValidationError({ tokenName: [TOO_MANY_TOKENS_MESSAGE] });
    return PersonalAccessToken.query(trx)
      .insert({
        user_id: userId,
        name,
        token: hashAccessToken(secret),
        // Checked on every route by `checkTokenAccess()`; `write` implies `read`.
        abilities: abilities.includes('write') ? ['read', 'write'] : ['read'],
        created_at: now,
        updated_at: now,
      })
      .returning('*');
  });
  return { token, plainTextToken: `${token.id}|${secret}` };
}

/**
 * The live token (and its user) a plain-text token names, or null: malformed, unknown, deleted, expired, or
 * its user gone. The id narrows the look-up; the hash decides.
 */
export async function findAccessToken(kit: Kit, plain: string): Promise<PersonalAccessToken | null> {
  const match = PLAIN_TOKEN.exec(plain);
  // An id past the key column's range can name no token; PostgreSQL would refuse the query (a 500) instead.
  if (!match || Number(match[1]) > MAX_ID) return null;
  const token = await PersonalAccessToken.query(kit.knex)
    .withGraphJoined('user')
    .findOne({
      'personal_access_tokens.id': Number(match[1]),
      'personal_access_tokens.token': hashAccessToken(match[2]!),
    });
  if (!token?.user) return null;
  if (token.expires_at && token.expires_at.getTime() <= kit.now().getTime()) return null;
  return token;
}

/** Records a token's use, at most once a minute, so a busy integration does not write on every call. */
export async function touchAccessToken(ctx: Context, kit: Kit, token: PersonalAccessToken): Promise<void> {
  const now = kit.now();
  if (token.last_used_at && now.getTime() - token.last_used_at.getTime() < TOKEN_ACTIVITY_INTERVAL_MS) return;
  const patch = {
    last_used_at: now,
    ip_address: ctx.ip || null,
    user_agent: ctx.get('User-Agent').slice(0, 500) || null,
  };
  await PersonalAccessToken.query(kit.knex).findById(token.id).patch(patch);
  Object.assign(token, patch);
}

import { rm } from 'node:fs/promises';
import { account, uploads } from '@backline/core/contract';
import type { Knex } from 'knex';
import type { Context } from 'koa';
import type { BacklineApp } from '../../create-backline';
import { HttpError, ValidationError } from '../../http/errors';
import { type BacklineRouter, routeUrl } from '../../http/routes';
import { siteOrigin } from '../../http/site-url';
import type { BacklineModule, Kit } from '../../kit';
import { bootstrapAnswer } from '../auth/login';
import { localizationsOf } from '../localization/registry';
import { can } from '../permissions/index';
import { requireConfirmedPassword } from '../sessions/password-confirmation';
import { signOut } from '../sessions/session-store';
import { FileEntry, serializeFileEntry } from '../uploads/file-entry-model';
import { readMultipartFile } from '../uploads/read-multipart-file';
import { storeUploadedFile, uploadTempDir } from '../uploads/store-file';
import { serializeUser, type UserResource } from '../users/serialize-user';
import { User } from '../users/user-model';
import { isValidCountry, isValidTimezone } from '../value-lists/lists';

/** Avatars: images only, at most 2 MB. */
export const AVATAR_RESTRICTIONS = account.AVATAR_RESTRICTIONS;
const FORBIDDEN = 'You do not have permission to do this.';
/** The relations `GET users/{id}?with=` can add. */
const RELATIONS = account.USER_RELATIONS;

/**
 * The user a request may act on. `me` and the caller's own id are the caller; anyone else is refused with
 * 403 (a missing id too, so ids cannot be probed) — except reads by holders of `users.update`.
 */
async function targetUser(ctx: Context, kit: Kit, id: 'me' | number, mode: 'read' | 'write'): Promise<User> {
  const me = ctx.state.user!;
  if (id === 'me' || id === me.id) return me;
  if (mode === 'read' && (await can(ctx, kit, 'users.update'))) {
    const user = await User.query(kit.knex).findById(id);
    if (user) return user;
    throw new HttpError(404, 'Not found.');
  }
  throw new HttpError(403, FORBIDDEN);
}

/**
 * The user resource plus the requested relations. Roles are always part of the resource; every other relation
 * comes from the module that registered it (`user.relations`), and one no installed module offers is an empty
 * list. Owner-only fields are decided by the modules' hooks.
 */
async function userWithRelations(ctx: Context, kit: Kit, user: User, relations: Set<string>) {
  const resource: UserResource & Record<string, unknown> = { ...(await serializeUser(kit, user, { ctx })) };
  const view = { ctx, own: user.id === ctx.state.user!.id };
  for (const name of relations) {
    if (name === 'roles') continue;
    const load = kit.modules.find((module) => module.user?.relations?.[name])?.user?.relations?.[name];
    resource[name] = load ? await load(kit, user, view) : [];
  }
  return resource;
}

/** Where an uploaded file is served: `/api/v1/file-entries/{id}`, from the contract. */
const DOWNLOAD_PATH = new RegExp(`^${routeUrl(uploads.download.path).replace('{id}', '(\\d+)')}$`);

/**
 * An avatar given by url: only an image already uploaded to this site by the same user
 * (`/api/v1/file-entries/{id}`, relative or on this site's origin). Remote urls are refused rather than
 * fetched, so the server never requests addresses a user picked (no SSRF).
 */
async function avatarFromUrl(ctx: Context, kit: Kit, user: User, url: string): Promise<string> {
  const refuse = () =>
    new ValidationError({ url: ['Only images uploaded to this site can be used as an avatar.'] });
  let parsed: URL;
  // The site's trusted origin, never one a forged Host header names: only this site's own files qualify.
  const origin = siteOrigin(ctx, kit);
  try {
    parsed = new URL(url, `${origin}/`);
  } catch {
    throw refuse();
  }
  const match = DOWNLOAD_PATH.exec(parsed.pathname);
  if (parsed.origin !== new URL(origin).origin || !match) throw refuse();
  const entry = await FileEntry.query(kit.knex).findById(Number(match[1]));
  if (!entry || entry.owner_id !== user.id || entry.deleted_at) throw refuse();
  if (!entry.mime.startsWith('image/') || Number(entry.size) > AVATAR_RESTRICTIONS.maxSize)
    throw new ValidationError({ url: ['Please select an image'] });
  return serializeFileEntry(entry).url;
}

/**
 * The avatar a request sets for `user`: a multipart `file` (an image of at most 2 MB, stored as a file entry the
 * user owns) or JSON `{url}` naming an image the user already uploaded here. The account page's route and the
 * admin area's route for another user's avatar both use it, so the rules are the same for both.
 */
export async function avatarFromRequest(ctx: Context, kit: Kit, user: User): Promise<string> {
  // Stored avatars are file entries: without the uploads module there is nowhere to keep one.
  if (!kit.modules.some((module) => module.id === 'uploads'))
    throw new HttpError(503, 'Uploads are not installed on this site.');
  let avatar: string;
  if (ctx.is('multipart')) {
    const dir = await uploadTempDir(kit);
    try {
      // Multipart bodies are only parsed here, into a scratch directory, with the avatar's size as the cap.
      const file = await readMultipartFile(ctx, {
        dir,
        maxSize: AVATAR_RESTRICTIONS.maxSize,
        allowEmpty: false,
        unreadable: () => new ValidationError({ file: ['Please select an image'] }),
      });
      if (!file) throw new ValidationError({ file: ['Please select an image'] });
      const entry = await storeUploadedFile(kit, {
        ownerId: user.id,
        path: file.filepath,
        name: file.originalFilename ?? 'avatar',
        mime: file.mimetype ?? undefined,
        restrictions: AVATAR_RESTRICTIONS,
      });
      avatar = entry.url;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  } else {
    const url = (ctx.request.body as { url?: unknown } | undefined)?.url;
    if (typeof url !== 'string' || !url) throw new ValidationError({ file: ['Please select an image'] });
    avatar = await avatarFromUrl(ctx, kit, user, url);
  }
  return avatar;
}

/**
 * The account endpoints of the users module: `GET`/`PUT users/{id}`, the avatar, and account deletion. Every
 * one acts on the signed-in user only (`users.update` holders may also read others).
 */
export function accountRoutes(router: BacklineRouter): void {
  router.route(account.show).handle(async ({ params, query, ctx, kit }) => {
    const user = await targetUser(ctx, kit, params.id, 'read');
    const relations = new Set(
      query.with
        .split(',')
        .map((name) => name.trim())
        .filter((name) => (RELATIONS as readonly string[]).includes(name)),
    );
    return { user: await userWithRelations(ctx, kit, user, relations) };
  });

  router.route(account.update).handle(async ({ params, body, ctx, kit }) => {
    const user = await targetUser(ctx, kit, params.id, 'write');
    const errors: Record<string, string[]> = {};
    const patch: Partial<User> = {};
    if (body.first_name !== undefined) patch.first_name = body.first_name;
    if (body.last_name !== undefined) patch.last_name = body.last_name;
    if (body.language !== undefined) {
      if (body.language && !localizationsOf(ctx).byLanguage.has(body.language))
        errors.language = ['The selected language is invalid.'];
      patch.language = body.language || null;
    }
    if (body.country !== undefined) {
      const country = body.country?.toUpperCase() || null;
      if (country && !isValidCountry(country)) errors.country = ['The selected country is invalid.'];
      patch.country = country;
    }
    if (body.timezone !== undefined) {
      if (body.timezone && !isValidTimezone(body.timezone))
        errors.timezone = ['The selected timezone is invalid.'];
      patch.timezone = body.timezone || null;
    }
    if (Object.keys(errors).length) throw new ValidationError(errors);
    if (Object.keys(patch).length) {
      patch.updated_at = kit.now();
      await User.query(kit.knex).findById(user.id).patch(patch);
      Object.assign(user, patch);
    }
    return { user: await serializeUser(kit, user) };
  });

  router.route(account.uploadAvatar).handle(async ({ params, ctx, kit }) => {
    const user = await targetUser(ctx, kit, params.id, 'write');
    const avatar = await avatarFromRequest(ctx, kit, user);
    const now = kit.now();
    await User.query(kit.knex).findById(user.id).patch({ avatar, updated_at: now });
    Object.assign(user, { avatar, updated_at: now });
    return { user: await serializeUser(kit, user) };
  });

  router.route(account.removeAvatar).handle(async ({ params, ctx, kit }) => {
    const user = await targetUser(ctx, kit, params.id, 'write');
    const now = kit.now();
    await User.query(kit.knex).findById(user.id).patch({ avatar: null, updated_at: now });
    Object.assign(user, { avatar: null, updated_at: now });
    return { user: await serializeUser(kit, user) };
  });

  router.route(account.destroy).handle(async ({ params, query, ctx, kit }) => {
    const user = await targetUser(ctx, kit, params.id, 'write');
    if (query.deleteCurrentUser !== true)
      throw new ValidationError({ deleteCurrentUser: ['Confirm with deleteCurrentUser=true.'] });
    // A leaked API token must not be enough to erase an account: deletion needs the browser session (the
    // route's `token: false` already refuses tokens; this stays as the handler's own guard).
    if (ctx.state.accessToken)
      throw new HttpError(403, 'Delete your account from the account settings page.');
    // Nor is a session left open on a shared computer: like other sensitive actions, deletion needs the
    // password confirmed in this session within the 9000-second window (423 otherwise).
    requireConfirmedPassword(ctx, kit);
    const modules = (ctx.app as BacklineApp).modules ?? [];
    await kit.knex.transaction((trx) => deleteUserRows(kit, user.id, trx, modules));
    await signOut(ctx, kit);
    return { bootstrapData: await bootstrapAnswer(ctx, kit) };
  });
}

/**
 * Deletes a user and everything modules keep for them, inside `trx`: the one deletion path, for a user deleting
 * their own account and for an admin deleting one, so both leave the same nothing behind.
 */
export async function deleteUserRows(
  kit: Kit,
  userId: number,
  trx: Knex.Transaction,
  modules: readonly BacklineModule[] = kit.modules,
): Promise<void> {
  // Later modules build on earlier ones, so their rows go first.
  for (const module of [...modules].reverse()) {
    await module.user?.onDelete?.(kit, userId, trx);
  }
  // Sessions, tokens, roles, social profiles… cascade with the row.
  await trx('users').where({ id: userId }).delete();
}

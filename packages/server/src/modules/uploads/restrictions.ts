import {
  checkUpload,
  DEFAULT_BLOCKED_EXTENSIONS,
  DEFAULT_MAX_UPLOAD_SIZE,
  extensionOf,
  FILE_TYPE_MESSAGE,
  formatBytes,
  mergeRestrictions,
  restrictionMessage,
  settingFlag,
  sizeMessage,
  typeAllowed,
  UPLOAD_SETTINGS,
  type UploadRestrictions,
  uploadSettingsFrom,
} from '@backline/core/contract';
import { ValidationError } from '../../http/errors';
import type { Kit } from '../../kit';

/**
 * The server's side of the upload rules. The rules themselves (lists, wildcards, sizes, messages) are the
 * contract's, the same functions the browser runs before sending a file; here they meet the settings store and
 * become 422 answers.
 */

export {
  DEFAULT_BLOCKED_EXTENSIONS,
  DEFAULT_MAX_UPLOAD_SIZE,
  formatBytes,
  sizeMessage,
  typeAllowed,
  type UploadRestrictions,
};

/** The default storage per user (10 GiB), the private `uploads.user_quota` setting (null: unlimited). */
export const DEFAULT_USER_QUOTA = 10 * 1024 * 1024 * 1024;

export const TYPE_NOT_ALLOWED = FILE_TYPE_MESSAGE;

/** The restrictions with a size cap, as every upload meets them. */
export type EffectiveRestrictions = UploadRestrictions & { maxSize: number };

/**
 * The restrictions every upload meets: the `uploads.*` settings merged with `extra` (a module's own, such as the
 * avatar's). A file must pass both: the smaller cap wins and allow-lists intersect, so `extra` only narrows.
 */
export async function effectiveRestrictions(
  kit: Kit,
  extra: UploadRestrictions = {},
): Promise<EffectiveRestrictions> {
  const settings = await kit.settings.all();
  const site = uploadSettingsFrom((key) => settings[key]?.value);
  const merged = mergeRestrictions(site.restrictions, extra);
  return { ...merged, maxSize: merged.maxSize ?? DEFAULT_MAX_UPLOAD_SIZE };
}

/** Whether the resumable endpoint is off (`uploads.disable_tus`), read the way the browser reads it. */
export async function tusDisabled(kit: Kit): Promise<boolean> {
  return settingFlag(await kit.settings.get(UPLOAD_SETTINGS.disableTus, false));
}

/**
 * Throws the 422 the client shows on the item (`errors.file`) when a size or type rule fails. `extensions` are
 * the name's and the one the bytes reveal: both must pass.
 */
export function assertAllowed(
  rules: UploadRestrictions,
  file: { name: string; size: number; mime: string; extensions: (string | null)[] },
): void {
  const failure = checkUpload(rules, file);
  if (failure) throw new ValidationError({ file: [restrictionMessage(failure, file.name)] });
}

/**
 * A client's file name made safe to show and store: the last path segment only (so `../../etc/passwd` is
 * `passwd`), without NUL or control characters, at most 255 characters. The name never reaches a disk path.
 */
export function cleanFileName(raw: string | null | undefined): string {
  const base = (raw ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .split(/[\\/]/)
    .pop()!
    .trim()
    .replace(/^\.+$/, '');
  return (base || 'file').slice(0, 255);
}

/** The lower-case extension of a name (`photo.JPG` -> `jpg`), or null: the contract's rule, null for none. */
export function extensionOrNull(name: string): string | null {
  return extensionOf(name) || null;
}

import path from 'node:path';
import { ValidationError } from '../../http/errors';
import type { Kit } from '../../kit';

/** Limits on one upload; settings apply to every upload and these narrow them further. */
export interface UploadRestrictions {
  /** Bytes. */
  maxSize?: number;
  /** Mime patterns (`image/*`, `application/pdf`); empty allows every type. */
  allowedMimes?: string[];
  blockedMimes?: string[];
  /** Extensions without the dot, lower case; empty allows every extension. */
  allowedExtensions?: string[];
  blockedExtensions?: string[];
}

/** The default size cap per upload (1 GiB), the `uploads.max_size` setting. */
export const DEFAULT_MAX_UPLOAD_SIZE = 1024 * 1024 * 1024;
/** The default storage per user (10 GiB), the private `uploads.user_quota` setting (null: unlimited). */
export const DEFAULT_USER_QUOTA = 10 * 1024 * 1024 * 1024;
/** Extensions refused by default: executables and server-side scripts. */
export const DEFAULT_BLOCKED_EXTENSIONS = [
  'exe',
  'msi',
  'bat',
  'cmd',
  'com',
  'scr',
  'php',
  'phtml',
  'phar',
  'cgi',
  'jsp',
  'asp',
  'aspx',
];

export const TYPE_NOT_ALLOWED = 'This file type is not allowed';

/**
 * Spec §5: "`{file}` exceeds maximum allowed size of {size}", the same line the browser shows. `null` when the
 * request is refused before its file name is read: "The file exceeds…".
 */
export function sizeMessage(name: string | null, max: number): string {
  return `${name === null ? 'The file' : `\`${name}\``} exceeds maximum allowed size of ${formatBytes(max)}`;
}

/** 1536 -> "1.5 KB", 2 * 1024 * 1024 -> "2 MB". */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1).replace(/\.0$/, '')} ${units[unit]}`;
}

/** The restrictions every upload meets: the `uploads.*` settings merged with `extra` (the stricter wins). */
export async function effectiveRestrictions(
  kit: Kit,
  extra: UploadRestrictions = {},
): Promise<Required<UploadRestrictions>> {
  const list = async (key: string, fallback: string[] = []) => {
    const value = await kit.settings.get<unknown>(key, fallback);
    return Array.isArray(value) ? value.map((item) => String(item).toLowerCase()) : fallback;
  };
  const maxSetting = Number(await kit.settings.get<number>('uploads.max_size', DEFAULT_MAX_UPLOAD_SIZE));
  const max = Number.isFinite(maxSetting) && maxSetting > 0 ? maxSetting : DEFAULT_MAX_UPLOAD_SIZE;
  const allowedMimes = await list('uploads.allowed_mimes');
  const allowedExtensions = await list('uploads.allowed_extensions');
  return {
    maxSize: Math.min(max, extra.maxSize ?? max),
    // Both allow-lists must pass, so a module's list narrows the site's.
    allowedMimes: extra.allowedMimes?.length ? extra.allowedMimes : allowedMimes,
    blockedMimes: [...(await list('uploads.blocked_mimes')), ...(extra.blockedMimes ?? [])],
    allowedExtensions: extra.allowedExtensions?.length ? extra.allowedExtensions : allowedExtensions,
    blockedExtensions: [
      ...(await list('uploads.blocked_extensions', DEFAULT_BLOCKED_EXTENSIONS)),
      ...(extra.blockedExtensions ?? []),
    ],
  };
}

const matchesMime = (mime: string, pattern: string) => {
  const p = pattern.toLowerCase();
  return p.endsWith('/*') ? mime.startsWith(p.slice(0, -1)) : mime === p;
};

/** Whether a type passes the mime and extension lists. Every extension given must pass. */
export function typeAllowed(rules: UploadRestrictions, mime: string, extensions: (string | null)[]): boolean {
  const m = mime.toLowerCase();
  if (rules.allowedMimes?.length && !rules.allowedMimes.some((p) => matchesMime(m, p))) return false;
  if (rules.blockedMimes?.some((p) => matchesMime(m, p))) return false;
  for (const ext of extensions) {
    if (ext === null) {
      if (rules.allowedExtensions?.length) return false;
      continue;
    }
    if (rules.allowedExtensions?.length && !rules.allowedExtensions.includes(ext)) return false;
    if (rules.blockedExtensions?.includes(ext)) return false;
  }
  return true;
}

/** Throws the 422 the client shows on the item (`errors.file`) when a size or type rule fails. */
export function assertAllowed(
  rules: Required<UploadRestrictions>,
  file: { name: string; size: number; mime: string; extensions: (string | null)[] },
): void {
  if (file.size > rules.maxSize) throw new ValidationError({ file: [sizeMessage(file.name, rules.maxSize)] });
  if (!typeAllowed(rules, file.mime, file.extensions))
    throw new ValidationError({ file: [TYPE_NOT_ALLOWED] });
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

/** The lower-case extension of a name (`photo.JPG` -> `jpg`), or null. */
export function extensionOf(name: string): string | null {
  const ext = path.extname(name).slice(1).toLowerCase();
  return /^[a-z0-9]{1,16}$/.test(ext) ? ext : null;
}

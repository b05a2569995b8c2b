import { UPLOAD_SETTINGS } from './constants';

/**
 * The upload restriction rules, one copy for both ends: the browser refuses a file before sending it and the
 * server refuses it again from its sniffed type, with the same rules and the same messages. Pure functions,
 * no Node or DOM, so either side (and a test) can run them.
 */

/**
 * What an upload must meet. Lists are case-insensitive and empty lists allow everything; mime patterns may be
 * exact (`image/png`), a type wildcard (`image/*`) or everything (`*` or `*\/*`); extensions are written with or
 * without their dot.
 */
export interface UploadRestrictions {
  /** Bytes; nothing bigger is accepted. */
  maxSize?: number | null;
  allowedMimes?: readonly string[] | null;
  blockedMimes?: readonly string[] | null;
  allowedExtensions?: readonly string[] | null;
  blockedExtensions?: readonly string[] | null;
}

/** The default cap per upload (1 GiB), the `uploads.max_size` setting. */
export const DEFAULT_MAX_UPLOAD_SIZE = 1024 * 1024 * 1024;

/** Extensions refused by default: executables and server-side scripts (`uploads.blocked_extensions`). */
export const DEFAULT_BLOCKED_EXTENSIONS: readonly string[] = [
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

/** A file over the size cap, with `:name` placeholders for i18next; `:file` is the file's name. */
export const MAX_SIZE_MESSAGE = '`:file` exceeds maximum allowed size of :size';
/** The same, for a request refused before its file name was read (from its declared length). */
export const UNNAMED_MAX_SIZE_MESSAGE = 'The file exceeds maximum allowed size of :size';
/** A file whose type (mime or extension) the lists refuse. */
export const FILE_TYPE_MESSAGE = 'This file type is not allowed';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * A size for people, in binary units with at most one decimal: 2097152 is "2 MB", 1536 is "1.5 KB", and a
 * value that rounds up to 1024 of a unit moves to the next one (1048536 bytes is "1 MB", not "1024 KB").
 */
export function formatBytes(bytes: number, locale = 'en'): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 ? 0 : 1;
  if (unit < UNITS.length - 1 && Math.round(value * 10 ** digits) / 10 ** digits >= 1024) {
    value /= 1024;
    unit++;
  }
  const text = new Intl.NumberFormat(locale, {
    maximumFractionDigits: unit === 0 ? 0 : 1,
    useGrouping: false,
  }).format(value);
  return `${text} ${UNITS[unit]}`;
}

/** Fills `:name` placeholders (the English line when no translator is at hand). */
export function fillPlaceholders(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (match, name: string) =>
    values[name] === undefined ? match : String(values[name]),
  );
}

/**
 * The size message in English: "`song.wav` exceeds maximum allowed size of 2 MB", or, with no name (a request
 * refused from its declared length), "The file exceeds maximum allowed size of 2 MB".
 */
export function sizeMessage(name: string | null, maxSize: number, locale?: string): string {
  const size = formatBytes(maxSize, locale);
  return name === null
    ? fillPlaceholders(UNNAMED_MAX_SIZE_MESSAGE, { size })
    : fillPlaceholders(MAX_SIZE_MESSAGE, { file: name, size });
}

/** A mime type's essence, lower case: `Text/HTML; charset=utf-8` is `text/html`. */
export function normalizeMime(mime: string | null | undefined): string {
  return (mime ?? '').split(';')[0]!.trim().toLowerCase();
}

/** An extension as the lists hold it: lower case, without leading dots (`.MP3` is `mp3`). */
export function normalizeExtension(extension: string | null | undefined): string {
  return (extension ?? '').trim().replace(/^\.+/, '').toLowerCase();
}

const EXTENSION = /^[a-z0-9]{1,16}$/;

/**
 * The extension of a file name (its last path segment), lower case and without the dot, or '' when it has none:
 * `Track.MP3` is `mp3`, `archive.tar.gz` is `gz`, and `.bashrc`, `README` and `name.` have none. Only letters and
 * digits, at most 16 of them, count; anything else is no extension.
 */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? name;
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return '';
  const extension = base.slice(dot + 1).toLowerCase();
  return EXTENSION.test(extension) ? extension : '';
}

const isEverything = (pattern: string) => pattern === '*' || pattern === '*/*';

/** True when `mime` matches `pattern` (`image/png`, `image/*`, `*` or `*\/*`); both are normalised first. */
export function mimeMatches(mime: string, pattern: string): boolean {
  const want = normalizeMime(pattern);
  if (!want) return false;
  if (isEverything(want)) return true;
  const have = normalizeMime(mime);
  if (want.endsWith('/*')) return have.startsWith(want.slice(0, -1));
  return have === want;
}

const has = (list: readonly string[] | null | undefined): list is readonly string[] =>
  Array.isArray(list) && list.length > 0;

/**
 * Whether a type passes the lists: the mime must match an allowed pattern (when there are any) and no blocked
 * one; every extension given must be allowed (when there is an allow-list) and not blocked. The server passes
 * two extensions, the name's and the one the bytes reveal, so `setup.exe` renamed `setup.png` is still refused.
 * A missing extension fails an allow-list: there is nothing to allow.
 */
export function typeAllowed(
  rules: UploadRestrictions,
  mime: string,
  extensions: readonly (string | null | undefined)[],
): boolean {
  if (has(rules.allowedMimes) && !rules.allowedMimes.some((pattern) => mimeMatches(mime, pattern)))
    return false;
  if (has(rules.blockedMimes) && rules.blockedMimes.some((pattern) => mimeMatches(mime, pattern)))
    return false;
  const allowed = has(rules.allowedExtensions) ? rules.allowedExtensions.map(normalizeExtension) : null;
  const blocked = has(rules.blockedExtensions) ? rules.blockedExtensions.map(normalizeExtension) : [];
  for (const raw of extensions.length ? extensions : ['']) {
    const extension = normalizeExtension(raw);
    if (allowed && !allowed.includes(extension)) return false;
    if (extension && blocked.includes(extension)) return false;
  }
  return true;
}

/** What a file is checked on. `extensions` defaults to the name's. */
export interface RestrictedFile {
  name: string;
  size: number;
  mime: string;
  extensions?: readonly (string | null | undefined)[];
}

/** Why a file was refused: over the size cap (which one), or a type the lists refuse. */
export type RestrictionFailure = { reason: 'maxSize'; maxSize: number } | { reason: 'fileType' };

/**
 * Checks a file against the restrictions; null when it may be uploaded. The size is checked first, so a huge
 * executable reads as too big. An empty file passes the rules (a route that needs content refuses it itself).
 */
export function checkUpload(
  rules: UploadRestrictions | null | undefined,
  file: RestrictedFile,
): RestrictionFailure | null {
  if (!rules) return null;
  const { maxSize } = rules;
  if (typeof maxSize === 'number' && maxSize > 0 && file.size > maxSize)
    return { reason: 'maxSize', maxSize };
  if (!typeAllowed(rules, file.mime, file.extensions ?? [extensionOf(file.name)]))
    return { reason: 'fileType' };
  return null;
}

/** The English message of a refusal, the one the server answers in `errors.file`. */
export function restrictionMessage(failure: RestrictionFailure, name: string | null): string {
  return failure.reason === 'maxSize' ? sizeMessage(name, failure.maxSize) : FILE_TYPE_MESSAGE;
}

/** A pattern that matches every type: blocking it refuses every file (an empty intersection of allow-lists). */
const NOTHING = '*/*';

/** The patterns matching exactly the types both `a` and `b` match. */
function intersectPatterns(a: string, b: string): string | null {
  if (isEverything(a)) return b;
  if (isEverything(b)) return a;
  if (a === b) return a;
  if (a.endsWith('/*') && !b.endsWith('/*')) return mimeMatches(b, a) ? b : null;
  if (b.endsWith('/*') && !a.endsWith('/*')) return mimeMatches(a, b) ? a : null;
  return null;
}

/**
 * Combines restriction sets into one that a file passes only when it passes every set: the smallest size cap
 * wins, blocked lists add up, and allow-lists intersect (`image/*` and `image/png, audio/mpeg` allow
 * `image/png`), so a narrower set (an avatar's `image/*`) can never widen what the site allows. When two
 * allow-lists share nothing, no file passes: the result then blocks every type.
 */
export function mergeRestrictions(...sets: (UploadRestrictions | null | undefined)[]): UploadRestrictions {
  const out: UploadRestrictions = {};
  let nothing = false;
  let allowedMimes: string[] | null = null;
  let allowedExtensions: string[] | null = null;
  const blockedMimes = new Set<string>();
  const blockedExtensions = new Set<string>();
  for (const set of sets) {
    if (!set) continue;
    if (typeof set.maxSize === 'number' && set.maxSize > 0)
      out.maxSize = out.maxSize ? Math.min(out.maxSize, set.maxSize) : set.maxSize;
    if (has(set.allowedMimes)) {
      const incoming = set.allowedMimes.map(normalizeMime).filter(Boolean);
      allowedMimes = allowedMimes
        ? [
            ...new Set(
              allowedMimes
                .flatMap((a) => incoming.map((b) => intersectPatterns(a, b)))
                .filter((p) => p !== null),
            ),
          ]
        : [...new Set(incoming)];
      if (!allowedMimes.length) nothing = true;
    }
    if (has(set.allowedExtensions)) {
      const incoming = set.allowedExtensions.map(normalizeExtension).filter(Boolean);
      allowedExtensions = allowedExtensions
        ? allowedExtensions.filter((extension) => incoming.includes(extension))
        : [...new Set(incoming)];
      if (!allowedExtensions.length) nothing = true;
    }
    for (const pattern of set.blockedMimes ?? [])
      if (normalizeMime(pattern)) blockedMimes.add(normalizeMime(pattern));
    for (const extension of set.blockedExtensions ?? [])
      if (normalizeExtension(extension)) blockedExtensions.add(normalizeExtension(extension));
  }
  if (nothing) blockedMimes.add(NOTHING);
  if (allowedMimes?.length) out.allowedMimes = allowedMimes;
  if (allowedExtensions?.length) out.allowedExtensions = allowedExtensions;
  if (blockedMimes.size) out.blockedMimes = [...blockedMimes];
  if (blockedExtensions.size) out.blockedExtensions = [...blockedExtensions];
  return out;
}

/** A setting that reads as on: `true`, `1`, `'1'` or `'true'` (settings stores keep some values as text). */
export function settingFlag(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

/** A list setting: an array, or a comma-separated string; numbers are kept as text, empty items dropped. */
function settingList(value: unknown): string[] | undefined {
  if (typeof value === 'string') value = value.split(',');
  if (!Array.isArray(value)) return undefined;
  return value
    .filter((item): item is string | number => typeof item === 'string' || typeof item === 'number')
    .map((item) => String(item).trim())
    .filter(Boolean);
}

/** How both ends read the `uploads.*` settings: the restrictions, and whether direct and tus uploads are on. */
export interface UploadSettings {
  direct: boolean;
  disableTus: boolean;
  restrictions: UploadRestrictions;
}

/**
 * Reads the upload settings through `read(key)` (the server's settings store, or the bootstrap data's
 * settings). A missing or unreadable value takes the server's default, so both ends apply the same rules:
 * `uploads.max_size` 1 GiB, `uploads.blocked_extensions` executables and server scripts, other lists empty.
 */
export function uploadSettingsFrom(read: (key: string) => unknown): UploadSettings {
  const maxSize = Number(read(UPLOAD_SETTINGS.maxSize));
  const restrictions: UploadRestrictions = {
    maxSize: Number.isFinite(maxSize) && maxSize > 0 ? maxSize : DEFAULT_MAX_UPLOAD_SIZE,
  };
  const lists = {
    allowedMimes: settingList(read(UPLOAD_SETTINGS.allowedMimes))?.map(normalizeMime),
    blockedMimes: settingList(read(UPLOAD_SETTINGS.blockedMimes))?.map(normalizeMime),
    allowedExtensions: settingList(read(UPLOAD_SETTINGS.allowedExtensions))?.map(normalizeExtension),
    blockedExtensions: (
      settingList(read(UPLOAD_SETTINGS.blockedExtensions)) ?? DEFAULT_BLOCKED_EXTENSIONS
    ).map(normalizeExtension),
  };
  for (const [name, list] of Object.entries(lists)) {
    const clean = list?.filter(Boolean);
    if (clean?.length) restrictions[name as keyof typeof lists] = clean;
  }
  return {
    direct: settingFlag(read(UPLOAD_SETTINGS.direct)),
    disableTus: settingFlag(read(UPLOAD_SETTINGS.disableTus)),
    restrictions,
  };
}

/** True for the empty `.DS_Store` files macOS leaves in folders: pickers and drop zones skip them. */
export function isJunkFile(file: { name: string; size: number }): boolean {
  return file.size === 0 && file.name === '.DS_Store';
}

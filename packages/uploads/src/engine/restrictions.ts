import { formatBytes } from './format-bytes';
import { englishTranslate, type Translate } from './types';

/** What a queue accepts. Lists are case-insensitive; mimes may end in a wildcard (`image/*`). */
export interface UploadRestrictions {
  allowedMimes?: readonly string[] | null;
  blockedMimes?: readonly string[] | null;
  /** Extensions without the dot (`mp3`); a leading dot is tolerated. */
  allowedExtensions?: readonly string[] | null;
  blockedExtensions?: readonly string[] | null;
  /** Bytes; nothing bigger is accepted. */
  maxSize?: number | null;
}

/** Spec accounts §5, with `:name` placeholders for i18next. */
export const MAX_SIZE_MESSAGE = '`:file` exceeds maximum allowed size of :size';
export const FILE_TYPE_MESSAGE = 'This file type is not allowed';

/** The facts about a file the restrictions look at. */
export interface RestrictedFile {
  name: string;
  size: number;
  mime: string;
  extension: string;
}

/** Why a file was refused: the English line, its values, and the translated text. */
export interface RestrictionFailure {
  reason: 'maxSize' | 'fileType';
  key: string;
  values: Record<string, string>;
  message: string;
}

/** True when `mime` matches `pattern` (`image/png`, `image/*`, `*` or `*\/*`). */
export function mimeMatches(mime: string, pattern: string): boolean {
  const want = pattern.trim().toLowerCase();
  const have = mime.trim().toLowerCase();
  if (want === '*' || want === '*/*') return true;
  if (want.endsWith('/*')) return have.startsWith(want.slice(0, -1));
  return have === want;
}

const cleanExtension = (extension: string) => extension.trim().replace(/^\./, '').toLowerCase();

/** The lower-case extension of a file name without the dot, or '' when it has none. */
export function extensionOf(name: string): string {
  const base = name.split('/').pop() ?? name;
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

const has = (list: readonly string[] | null | undefined): list is readonly string[] =>
  Array.isArray(list) && list.length > 0;

/** Checks a file against the restrictions; null when it may be uploaded. Size is checked first. */
export function checkRestrictions(
  file: RestrictedFile,
  restrictions: UploadRestrictions | undefined,
  translate: Translate = englishTranslate,
  locale?: string,
): RestrictionFailure | null {
  if (!restrictions) return null;
  const { maxSize } = restrictions;
  if (typeof maxSize === 'number' && maxSize > 0 && file.size > maxSize) {
    const values = { file: file.name, size: formatBytes(maxSize, locale) };
    return { reason: 'maxSize', key: MAX_SIZE_MESSAGE, values, message: translate(MAX_SIZE_MESSAGE, values) };
  }
  const extension = cleanExtension(file.extension);
  const refused =
    (has(restrictions.allowedMimes) && !restrictions.allowedMimes.some((p) => mimeMatches(file.mime, p))) ||
    (has(restrictions.blockedMimes) && restrictions.blockedMimes.some((p) => mimeMatches(file.mime, p))) ||
    (has(restrictions.allowedExtensions) &&
      !restrictions.allowedExtensions.map(cleanExtension).includes(extension)) ||
    (has(restrictions.blockedExtensions) &&
      restrictions.blockedExtensions.map(cleanExtension).includes(extension));
  if (refused) {
    return { reason: 'fileType', key: FILE_TYPE_MESSAGE, values: {}, message: translate(FILE_TYPE_MESSAGE) };
  }
  return null;
}

/** Merges restriction sets: the stricter size wins, lists are combined (allowed lists narrow). */
export function mergeRestrictions(...sets: (UploadRestrictions | null | undefined)[]): UploadRestrictions {
  const out: UploadRestrictions = {};
  for (const set of sets) {
    if (!set) continue;
    if (typeof set.maxSize === 'number' && set.maxSize > 0)
      out.maxSize = out.maxSize ? Math.min(out.maxSize, set.maxSize) : set.maxSize;
    // A later allowed list replaces an earlier one: the caller's own list is the narrower intent.
    if (has(set.allowedMimes)) out.allowedMimes = set.allowedMimes;
    if (has(set.allowedExtensions)) out.allowedExtensions = set.allowedExtensions;
    if (has(set.blockedMimes)) out.blockedMimes = [...(out.blockedMimes ?? []), ...set.blockedMimes];
    if (has(set.blockedExtensions))
      out.blockedExtensions = [...(out.blockedExtensions ?? []), ...set.blockedExtensions];
  }
  return out;
}

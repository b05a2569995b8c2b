import {
  checkUpload,
  extensionOf,
  FILE_TYPE_MESSAGE,
  formatBytes,
  MAX_SIZE_MESSAGE,
  mergeRestrictions,
  mimeMatches,
  type UploadRestrictions,
} from '@backline/core/contract';
import { englishTranslate, type Translate } from './types';

/**
 * The queue's restriction check. The rules are the contract's (`checkUpload`), the very functions the server
 * runs on the sniffed type, so the browser refuses exactly what the server would; this only adds the
 * translated message.
 */

export {
  extensionOf,
  FILE_TYPE_MESSAGE,
  MAX_SIZE_MESSAGE,
  mergeRestrictions,
  mimeMatches,
  type UploadRestrictions,
};

/** The facts about a file the restrictions look at. */
export interface RestrictedFile {
  name: string;
  size: number;
  mime: string;
  extension: string;
}

/** Why a file was refused: the English line (the i18n key), its values, and the translated text. */
export interface RestrictionFailure {
  reason: 'maxSize' | 'fileType';
  key: string;
  values: Record<string, string>;
  message: string;
}

/** Checks a file against the restrictions; null when it may be uploaded. Size is checked first. */
export function checkRestrictions(
  file: RestrictedFile,
  restrictions: UploadRestrictions | undefined,
  translate: Translate = englishTranslate,
  locale?: string,
): RestrictionFailure | null {
  const failure = checkUpload(restrictions, {
    name: file.name,
    size: file.size,
    mime: file.mime,
    extensions: [file.extension],
  });
  if (!failure) return null;
  if (failure.reason === 'maxSize') {
    const values = { file: file.name, size: formatBytes(failure.maxSize, locale) };
    return { reason: 'maxSize', key: MAX_SIZE_MESSAGE, values, message: translate(MAX_SIZE_MESSAGE, values) };
  }
  return { reason: 'fileType', key: FILE_TYPE_MESSAGE, values: {}, message: translate(FILE_TYPE_MESSAGE) };
}

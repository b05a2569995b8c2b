import { getByPath } from '@backline/core';
import { type UploadSettings, uploadSettingsFrom } from '@backline/core/contract';

export type { UploadSettings };

// Settings arrive nested (`uploads.direct` as settings.uploads.direct) or, from some stores, flat.
const read = (settings: unknown, path: string): unknown => {
  const nested = getByPath(settings, path);
  if (nested !== undefined) return nested;
  return settings && typeof settings === 'object' ? (settings as Record<string, unknown>)[path] : undefined;
};

/**
 * Reads `uploads.direct`, `uploads.disable_tus`, `uploads.max_size` and the allowed/blocked extension and
 * mime lists from the settings object of the bootstrap data, the way the server reads its own settings
 * (`uploadSettingsFrom`): the same defaults for missing values, the same list and flag parsing.
 */
export function uploadSettings(settings: unknown): UploadSettings {
  return uploadSettingsFrom((key) => read(settings, key));
}

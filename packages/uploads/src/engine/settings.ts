import { getByPath } from '@backline/core';
import type { UploadRestrictions } from './restrictions';

/** The public upload settings of the bootstrap data, in the shape the queue takes. */
export interface UploadSettings {
  direct: boolean;
  disableTus: boolean;
  restrictions: UploadRestrictions;
}

// Settings arrive nested (`uploads.direct` as settings.uploads.direct) or, from some stores, flat.
const read = (settings: unknown, path: string): unknown => {
  const nested = getByPath(settings, path);
  if (nested !== undefined) return nested;
  return settings && typeof settings === 'object' ? (settings as Record<string, unknown>)[path] : undefined;
};

const list = (value: unknown): string[] | undefined => {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const clean = items.filter((item): item is string => typeof item === 'string').map((item) => item.trim());
  return clean.filter(Boolean).length ? clean.filter(Boolean) : undefined;
};

const bool = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';

/**
 * Reads `uploads.direct`, `uploads.disable_tus`, `uploads.max_size` and the allowed/blocked extension and
 * mime lists from the settings object of the bootstrap data.
 */
export function uploadSettings(settings: unknown): UploadSettings {
  const maxSize = Number(read(settings, 'uploads.max_size'));
  const restrictions: UploadRestrictions = {};
  if (Number.isFinite(maxSize) && maxSize > 0) restrictions.maxSize = maxSize;
  const lists = {
    allowedExtensions: list(read(settings, 'uploads.allowed_extensions')),
    blockedExtensions: list(read(settings, 'uploads.blocked_extensions')),
    allowedMimes: list(read(settings, 'uploads.allowed_mimes')),
    blockedMimes: list(read(settings, 'uploads.blocked_mimes')),
  };
  for (const [name, value] of Object.entries(lists))
    if (value) restrictions[name as keyof typeof lists] = value;
  return {
    direct: bool(read(settings, 'uploads.direct')),
    disableTus: bool(read(settings, 'uploads.disable_tus')),
    restrictions,
  };
}

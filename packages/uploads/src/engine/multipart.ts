import { MULTIPART_MAX_PARTS, MULTIPART_MIN_CHUNK, MULTIPART_MIN_PART } from '@backline/core/contract';

/** Multipart chunk size: at least 20 MB and at least a ten-thousandth of the file, never under 5 MB. */
export function multipartChunkSize(size: number): number {
  return Math.max(MULTIPART_MIN_CHUNK, Math.ceil(size / MULTIPART_MAX_PARTS), MULTIPART_MIN_PART);
}

/** The byte ranges of a multipart upload; part numbers start at 1. */
export function multipartParts(size: number): { partNumber: number; start: number; end: number }[] {
  const chunk = multipartChunkSize(size);
  const parts: { partNumber: number; start: number; end: number }[] = [];
  for (let start = 0, partNumber = 1; start < size || partNumber === 1; start += chunk, partNumber++) {
    parts.push({ partNumber, start, end: Math.min(start + chunk, size) });
    if (size === 0) break;
  }
  return parts;
}

import { DEFAULT_BLOCKED_EXTENSIONS, DEFAULT_MAX_UPLOAD_SIZE } from '@backline/core/contract';
import { describe, expect, it } from 'vitest';
import { reusableParts } from '../drivers/s3-multipart-driver';
import { MB } from './constants';
import { canStart, chooseDriver, multipartChunkSize, multipartParts } from './driver-choice';
import { uploadSettings } from './settings';

describe('driver choice', () => {
  it('uses the form below 4 MB and tus from 4 MB', () => {
    expect(chooseDriver(4 * MB - 1)).toBe('form');
    expect(chooseDriver(4 * MB)).toBe('tus');
    expect(chooseDriver(2000 * MB)).toBe('tus');
  });

  it('falls back to the form when tus is disabled', () => {
    expect(chooseDriver(50 * MB, { disableTus: true })).toBe('form');
  });

  it('uses S3 presign below 100 MB and multipart from 100 MB with direct uploads', () => {
    expect(chooseDriver(10, { direct: true })).toBe('s3-presign');
    expect(chooseDriver(100 * MB - 1, { direct: true })).toBe('s3-presign');
    expect(chooseDriver(100 * MB, { direct: true })).toBe('s3-multipart');
    expect(chooseDriver(100 * MB, { direct: true, disableTus: true })).toBe('s3-multipart');
  });
});

describe('multipart chunk size', () => {
  it('is at least 20 MB', () => {
    expect(multipartChunkSize(100 * MB)).toBe(20 * MB);
    expect(multipartChunkSize(1)).toBe(20 * MB);
  });

  it('is at least a ten-thousandth of the file', () => {
    const size = 500 * 1024 * MB; // 500 GiB
    expect(multipartChunkSize(size)).toBe(Math.ceil(size / 10_000));
    expect(Math.ceil(size / multipartChunkSize(size))).toBeLessThanOrEqual(10_000);
  });

  it('splits a file into contiguous parts numbered from 1, the last one shorter', () => {
    const size = 105 * MB;
    const parts = multipartParts(size);
    expect(parts.map((part) => part.partNumber)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(parts[0]).toEqual({ partNumber: 1, start: 0, end: 20 * MB });
    expect(parts.at(-1)).toEqual({ partNumber: 6, start: 100 * MB, end: 105 * MB });
    for (const [index, part] of parts.entries()) if (index) expect(part.start).toBe(parts[index - 1]!.end);
    // Every part but the last meets S3's 5 MB minimum.
    for (const part of parts.slice(0, -1)) expect(part.end - part.start).toBeGreaterThanOrEqual(5 * MB);
  });
});

describe('multipart resume', () => {
  it('keeps listed parts that match the chunking and uploads the rest again', () => {
    const size = 105 * MB;
    const kept = reusableParts(size, [
      { PartNumber: 1, ETag: '"a"', Size: 20 * MB },
      { PartNumber: 2, ETag: '"b"', Size: 3 * MB }, // torn or from another chunk size
      { PartNumber: 6, ETag: '"f"', Size: 5 * MB },
      { PartNumber: 9, ETag: '"x"', Size: 20 * MB }, // beyond this file
    ]);
    expect([...kept.entries()]).toEqual([
      [1, '"a"'],
      [6, '"f"'],
    ]);
  });
});

describe('concurrency rule', () => {
  const file = { relativePath: '' };
  const folder = { relativePath: 'album/a.mp3' };
  const multipart = { relativePath: '', exclusive: true };

  it('runs up to 3 plain uploads at once', () => {
    expect(canStart(file, [])).toBe(true);
    expect(canStart(file, [file, file])).toBe(true);
    expect(canStart(file, [file, file, file])).toBe(false);
  });

  it('runs one at a time while a folder file or a multipart upload is active', () => {
    expect(canStart(file, [folder])).toBe(false);
    expect(canStart(file, [multipart])).toBe(false);
    expect(canStart(folder, [file])).toBe(false);
    expect(canStart(multipart, [file])).toBe(false);
    expect(canStart(folder, [])).toBe(true);
    expect(canStart(multipart, [])).toBe(true);
  });
});

describe('upload settings', () => {
  it('reads the public settings, nested or flat', () => {
    expect(
      uploadSettings({
        uploads: {
          direct: true,
          max_size: 1000,
          allowed_extensions: ['mp3'],
          blocked_mimes: 'text/html, image/svg+xml',
        },
      }),
    ).toEqual({
      direct: true,
      disableTus: false,
      restrictions: {
        maxSize: 1000,
        allowedExtensions: ['mp3'],
        blockedMimes: ['text/html', 'image/svg+xml'],
        // Missing settings take the server's defaults, so both ends refuse the same files.
        blockedExtensions: [...DEFAULT_BLOCKED_EXTENSIONS],
      },
    });
    expect(uploadSettings({ 'uploads.disable_tus': true, 'uploads.blocked_extensions': [] })).toEqual({
      direct: false,
      disableTus: true,
      restrictions: { maxSize: DEFAULT_MAX_UPLOAD_SIZE },
    });
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FILE_TYPE_MESSAGE, MAX_SIZE_MESSAGE } from '../engine/restrictions';
import { UPLOAD_TIMED_OUT_MESSAGE } from '../engine/uploader';
import { UPLOADS_STRINGS } from './uploads-strings';

const root = path.resolve(import.meta.dirname, '..');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.(test|stories)\.tsx?$|fixtures/.test(entry.name) ? [file] : [];
  });

describe('UPLOADS_STRINGS', () => {
  it('holds the spec lines verbatim', () => {
    expect(UPLOADS_STRINGS).toContain(MAX_SIZE_MESSAGE);
    expect(MAX_SIZE_MESSAGE).toBe('`:file` exceeds maximum allowed size of :size');
    expect(UPLOADS_STRINGS).toContain(FILE_TYPE_MESSAGE);
    expect(UPLOADS_STRINGS).toContain(UPLOAD_TIMED_OUT_MESSAGE);
    expect(UPLOADS_STRINGS).toContain('Please select an image');
  });

  it('lists every line the components pass to t()', () => {
    const used = new Set<string>();
    for (const file of sources(root)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'((?:[^'\\]|\\.)+)'/g))
        used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(10);
    const missing = [...used].filter((line) => !(UPLOADS_STRINGS as readonly string[]).includes(line));
    expect(missing).toEqual([]);
  });
});

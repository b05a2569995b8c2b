import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';
import {
  checkRestrictions,
  extensionOf,
  FILE_TYPE_MESSAGE,
  MAX_SIZE_MESSAGE,
  mergeRestrictions,
  mimeMatches,
} from './restrictions';

const file = (name: string, mime: string, size = 10) => ({ name, mime, size, extension: extensionOf(name) });

describe('restrictions', () => {
  it('matches mime wildcards', () => {
    expect(mimeMatches('image/png', 'image/*')).toBe(true);
    expect(mimeMatches('IMAGE/PNG', 'image/png')).toBe(true);
    expect(mimeMatches('audio/mpeg', 'image/*')).toBe(false);
    expect(mimeMatches('imagex/png', 'image/*')).toBe(false);
    expect(mimeMatches('text/plain', '*/*')).toBe(true);
  });

  it('reads extensions', () => {
    expect(extensionOf('Track.MP3')).toBe('mp3');
    expect(extensionOf('archive.tar.gz')).toBe('gz');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('README')).toBe('');
  });

  it('refuses files over the maximum size with the spec message', () => {
    const failure = checkRestrictions(file('big.png', 'image/png', 3 * 1024 * 1024), {
      maxSize: 2 * 1024 * 1024,
    });
    expect(failure?.reason).toBe('maxSize');
    expect(failure?.key).toBe(MAX_SIZE_MESSAGE);
    expect(failure?.message).toBe('`big.png` exceeds maximum allowed size of 2 MB');
    expect(
      checkRestrictions(file('ok.png', 'image/png', 2 * 1024 * 1024), { maxSize: 2 * 1024 * 1024 }),
    ).toBeNull();
  });

  it('refuses types outside the allowed mimes or inside the blocked ones', () => {
    expect(checkRestrictions(file('a.mp3', 'audio/mpeg'), { allowedMimes: ['image/*'] })?.message).toBe(
      'This file type is not allowed',
    );
    expect(checkRestrictions(file('a.png', 'image/png'), { allowedMimes: ['image/*'] })).toBeNull();
    expect(checkRestrictions(file('a.svg', 'image/svg+xml'), { blockedMimes: ['image/svg+xml'] })?.key).toBe(
      FILE_TYPE_MESSAGE,
    );
  });

  it('checks allowed and blocked extensions, with or without the dot', () => {
    expect(checkRestrictions(file('a.exe', ''), { blockedExtensions: ['.EXE'] })?.reason).toBe('fileType');
    expect(checkRestrictions(file('a.mp3', 'audio/mpeg'), { allowedExtensions: ['mp3', 'flac'] })).toBeNull();
    expect(checkRestrictions(file('a.wav', 'audio/wav'), { allowedExtensions: ['mp3'] })?.reason).toBe(
      'fileType',
    );
  });

  it('translates the messages through the given function', () => {
    const failure = checkRestrictions(
      file('a.png', 'image/png', 5000),
      { maxSize: 1024 },
      (key, values) => `[${key}|${values?.file}|${values?.size}]`,
    );
    expect(failure?.message).toBe('[`:file` exceeds maximum allowed size of :size|a.png|1 KB]');
  });

  it('merges restriction sets: smaller size, caller allowed list, combined blocked lists', () => {
    expect(
      mergeRestrictions(
        { maxSize: 100, allowedMimes: ['*/*'], blockedExtensions: ['exe'] },
        { maxSize: 50, allowedMimes: ['image/*'], blockedExtensions: ['bat'] },
        null,
      ),
    ).toEqual({ maxSize: 50, allowedMimes: ['image/*'], blockedExtensions: ['exe', 'bat'] });
  });

  it('formats sizes in binary units', () => {
    expect(formatBytes(2 * 1024 * 1024)).toBe('2 MB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(100 * 1024 * 1024)).toBe('100 MB');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(0)).toBe('0 B');
  });
});

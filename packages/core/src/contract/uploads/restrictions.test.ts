import { describe, expect, it } from 'vitest';
import {
  checkUpload,
  DEFAULT_BLOCKED_EXTENSIONS,
  DEFAULT_MAX_UPLOAD_SIZE,
  extensionOf,
  FILE_TYPE_MESSAGE,
  formatBytes,
  isJunkFile,
  mergeRestrictions,
  mimeMatches,
  restrictionMessage,
  settingFlag,
  sizeMessage,
  typeAllowed,
  uploadSettingsFrom,
} from './restrictions';

const MB = 1024 * 1024;
const file = (name: string, mime: string, size = 10) => ({ name, mime, size });

describe('mime patterns', () => {
  it('matches exact types, type wildcards and everything, case-insensitively', () => {
    expect(mimeMatches('image/png', 'image/*')).toBe(true);
    expect(mimeMatches('IMAGE/PNG', 'image/png')).toBe(true);
    expect(mimeMatches('image/png', ' Image/PNG ')).toBe(true);
    expect(mimeMatches('audio/mpeg', 'image/*')).toBe(false);
    // A wildcard covers its own type only, not a type that merely starts with the same letters.
    expect(mimeMatches('imagex/png', 'image/*')).toBe(false);
    expect(mimeMatches('text/plain', '*/*')).toBe(true);
    expect(mimeMatches('text/plain', '*')).toBe(true);
    // Was different: the server's copy read `*/*` as the type `*` and matched nothing.
    expect(typeAllowed({ allowedMimes: ['*/*'] }, 'application/pdf', ['pdf'])).toBe(true);
  });

  it('compares the essence of a type, without its parameters', () => {
    expect(mimeMatches('text/html; charset=utf-8', 'text/html')).toBe(true);
    expect(typeAllowed({ blockedMimes: ['text/html'] }, 'Text/HTML;charset=UTF-8', ['html'])).toBe(false);
  });

  it('never matches an empty pattern, and an unknown type only matches everything', () => {
    expect(mimeMatches('image/png', '')).toBe(false);
    expect(mimeMatches('', 'image/*')).toBe(false);
    expect(mimeMatches('', '*/*')).toBe(true);
  });
});

describe('extensions', () => {
  it('reads the lower-case extension of the last path segment', () => {
    expect(extensionOf('Track.MP3')).toBe('mp3');
    expect(extensionOf('archive.tar.gz')).toBe('gz');
    expect(extensionOf('album/disc.1/cover.JPG')).toBe('jpg');
    expect(extensionOf('C:\\music\\a.FLAC')).toBe('flac');
  });

  it('finds none in dot files, bare names, trailing dots and odd suffixes', () => {
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('.DS_Store')).toBe('');
    expect(extensionOf('README')).toBe('');
    expect(extensionOf('name.')).toBe('');
    expect(extensionOf('photo.jp g')).toBe('');
    expect(extensionOf(`x.${'a'.repeat(17)}`)).toBe('');
  });

  it('checks lists case-insensitively, with or without the dot', () => {
    // Was different: the server compared a module's lists as written, so `.EXE` blocked nothing there.
    expect(typeAllowed({ blockedExtensions: ['.EXE'] }, '', ['exe'])).toBe(false);
    expect(typeAllowed({ allowedExtensions: ['MP3', '.flac'] }, 'audio/mpeg', ['mp3'])).toBe(true);
    expect(typeAllowed({ allowedExtensions: ['mp3'] }, 'audio/wav', ['wav'])).toBe(false);
  });

  it('requires every extension given to pass, and refuses a missing one under an allow-list', () => {
    // The server passes the name's extension and the one the bytes reveal.
    expect(typeAllowed({ blockedExtensions: ['exe'] }, 'application/x-msdownload', ['png', 'exe'])).toBe(
      false,
    );
    expect(typeAllowed({ allowedExtensions: ['png'] }, 'image/png', ['png', 'png'])).toBe(true);
    expect(typeAllowed({ allowedExtensions: ['png'] }, 'image/png', [null])).toBe(false);
    expect(typeAllowed({ allowedExtensions: ['png'] }, 'image/png', [])).toBe(false);
    expect(typeAllowed({ blockedExtensions: ['exe'] }, 'text/plain', [null, ''])).toBe(true);
  });
});

describe('checkUpload', () => {
  it('checks the size first, then the type', () => {
    const rules = { maxSize: 2 * MB, allowedMimes: ['image/*'] };
    expect(checkUpload(rules, file('big.exe', 'application/x-msdownload', 3 * MB))).toEqual({
      reason: 'maxSize',
      maxSize: 2 * MB,
    });
    expect(checkUpload(rules, file('song.mp3', 'audio/mpeg'))).toEqual({ reason: 'fileType' });
    expect(checkUpload(rules, file('ok.png', 'image/png', 2 * MB))).toBeNull();
  });

  it('lets a blocked entry win over an allowed one', () => {
    const rules = { allowedMimes: ['image/*'], blockedMimes: ['image/svg+xml'] };
    expect(checkUpload(rules, file('logo.svg', 'image/svg+xml'))).toEqual({ reason: 'fileType' });
    expect(checkUpload(rules, file('photo.png', 'image/png'))).toBeNull();
    const extensions = { allowedExtensions: ['png', 'php'], blockedExtensions: ['php'] };
    expect(checkUpload(extensions, file('shell.php', 'text/plain'))).toEqual({ reason: 'fileType' });
    expect(checkUpload(extensions, file('photo.PNG', 'image/png'))).toBeNull();
  });

  it('lets an empty file through the rules (routes that need content refuse it themselves)', () => {
    expect(
      checkUpload({ maxSize: 1, allowedMimes: ['text/*'] }, file('empty.txt', 'text/plain', 0)),
    ).toBeNull();
  });

  it('refuses a file of unknown type under a mime allow-list', () => {
    expect(checkUpload({ allowedMimes: ['image/*'] }, file('photo', '', 5))).toEqual({ reason: 'fileType' });
  });

  it('ignores a size cap that is not a positive number', () => {
    expect(checkUpload({ maxSize: 0 }, file('a.txt', 'text/plain', 5))).toBeNull();
    expect(checkUpload({ maxSize: null }, file('a.txt', 'text/plain', 5))).toBeNull();
    expect(checkUpload(null, file('a.exe', '', 5))).toBeNull();
  });

  it('words refusals the way the server answers them', () => {
    expect(restrictionMessage({ reason: 'maxSize', maxSize: 2 * MB }, 'big.png')).toBe(
      '`big.png` exceeds maximum allowed size of 2 MB',
    );
    expect(restrictionMessage({ reason: 'maxSize', maxSize: 4096 }, null)).toBe(
      'The file exceeds maximum allowed size of 4 KB',
    );
    expect(restrictionMessage({ reason: 'fileType' }, 'a.exe')).toBe(FILE_TYPE_MESSAGE);
    expect(sizeMessage('a', 1536)).toBe('`a` exceeds maximum allowed size of 1.5 KB');
  });
});

describe('formatBytes', () => {
  it('formats binary units with at most one decimal and no grouping', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(2 * MB)).toBe('2 MB');
    expect(formatBytes(100 * MB)).toBe('100 MB');
    expect(formatBytes(DEFAULT_MAX_UPLOAD_SIZE)).toBe('1 GB');
    expect(formatBytes(1000 * 1024)).toBe('1000 KB');
  });

  it('moves to the next unit when rounding reaches 1024', () => {
    expect(formatBytes(1024 * 1024 - 40)).toBe('1 MB');
    expect(formatBytes(-1)).toBe('0 B');
    expect(formatBytes(Number.NaN)).toBe('0 B');
  });

  it('formats decimals for the locale', () => {
    expect(formatBytes(1536, 'de')).toBe('1,5 KB');
  });
});

describe('mergeRestrictions', () => {
  it('keeps the smallest size and adds blocked lists up, normalised', () => {
    expect(
      mergeRestrictions(
        { maxSize: 100, blockedExtensions: ['exe'] },
        { maxSize: 50, blockedExtensions: ['.BAT', 'exe'], blockedMimes: ['Text/HTML'] },
        null,
      ),
    ).toEqual({ maxSize: 50, blockedExtensions: ['exe', 'bat'], blockedMimes: ['text/html'] });
  });

  it('intersects allow-lists, so a narrower set never widens the site', () => {
    expect(mergeRestrictions({ allowedMimes: ['*/*'] }, { allowedMimes: ['image/*'] })).toEqual({
      allowedMimes: ['image/*'],
    });
    expect(
      mergeRestrictions({ allowedMimes: ['image/png', 'audio/mpeg'] }, { allowedMimes: ['image/*'] }),
    ).toEqual({ allowedMimes: ['image/png'] });
    // Was different: both copies let the later allow-list replace the site's, so an avatar's `image/*`
    // allowed images on a site that only takes audio, and the client accepted what the server refused.
    const merged = mergeRestrictions({ allowedMimes: ['audio/*'] }, { allowedMimes: ['image/*'] });
    expect(checkUpload(merged, file('a.png', 'image/png'))).toEqual({ reason: 'fileType' });
    expect(checkUpload(merged, file('a.mp3', 'audio/mpeg'))).toEqual({ reason: 'fileType' });
    const extensions = mergeRestrictions(
      { allowedExtensions: ['mp3', 'png'] },
      { allowedExtensions: ['PNG'] },
    );
    expect(extensions).toEqual({ allowedExtensions: ['png'] });
    expect(
      checkUpload(
        mergeRestrictions({ allowedExtensions: ['mp3'] }, { allowedExtensions: ['png'] }),
        file('a.mp3', 'audio/mpeg'),
      ),
    ).toEqual({ reason: 'fileType' });
  });
});

describe('settings', () => {
  it('reads nested values the same way on both ends, with the server defaults for missing ones', () => {
    const settings: Record<string, unknown> = {
      'uploads.direct': 'true',
      'uploads.max_size': '1000',
      'uploads.allowed_extensions': ['MP3', '.wav', ''],
      'uploads.blocked_mimes': 'text/html, image/svg+xml',
      'uploads.allowed_mimes': [],
    };
    expect(uploadSettingsFrom((key) => settings[key])).toEqual({
      direct: true,
      disableTus: false,
      restrictions: {
        maxSize: 1000,
        allowedExtensions: ['mp3', 'wav'],
        blockedMimes: ['text/html', 'image/svg+xml'],
        blockedExtensions: [...DEFAULT_BLOCKED_EXTENSIONS],
      },
    });
  });

  it('falls back to the defaults for unreadable values, and keeps an emptied blocked list empty', () => {
    const settings: Record<string, unknown> = {
      'uploads.max_size': 'lots',
      'uploads.blocked_extensions': [],
      'uploads.disable_tus': 1,
    };
    expect(uploadSettingsFrom((key) => settings[key])).toEqual({
      direct: false,
      disableTus: true,
      restrictions: { maxSize: DEFAULT_MAX_UPLOAD_SIZE },
    });
  });

  it('reads flags strictly: only true, 1, "1" and "true" are on', () => {
    expect([true, 1, '1', 'true'].map(settingFlag)).toEqual([true, true, true, true]);
    expect([false, 0, '0', 'false', 'yes', null, undefined, {}].map(settingFlag)).toEqual(
      Array(8).fill(false),
    );
  });
});

describe('junk files', () => {
  it('skips only empty .DS_Store files', () => {
    expect(isJunkFile({ name: '.DS_Store', size: 0 })).toBe(true);
    expect(isJunkFile({ name: '.DS_Store', size: 6148 })).toBe(false);
    expect(isJunkFile({ name: 'empty.txt', size: 0 })).toBe(false);
    expect(isJunkFile({ name: '.ds_store', size: 0 })).toBe(false);
  });
});

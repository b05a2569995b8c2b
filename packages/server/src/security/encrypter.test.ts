import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from '@internal/testing';
import { describe, expect, it } from 'vitest';
import { createEncrypter, encrypterFromKey, generateAppKey } from './encrypter';

describe('encrypter', () => {
  const encrypter = encrypterFromKey(generateAppKey());

  it('round-trips with AES-256-GCM and a fresh IV each time', () => {
    const a = encrypter.encrypt('JBSWY3DPEHPK3PXP', 'users.two_factor_secret:1');
    const b = encrypter.encrypt('JBSWY3DPEHPK3PXP', 'users.two_factor_secret:1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(encrypter.decrypt(a, 'users.two_factor_secret:1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a tampered value, another context and another key', () => {
    const sealed = encrypter.encrypt('secret', 'row:1');
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => encrypter.decrypt(`v1.${bytes.toString('base64url')}`, 'row:1')).toThrow();
    expect(() => encrypter.decrypt(sealed, 'row:2')).toThrow();
    expect(() => encrypterFromKey(generateAppKey()).decrypt(sealed, 'row:1')).toThrow();
    expect(() => encrypter.decrypt('plain text', 'row:1')).toThrow();
  });

  it('refuses a short APP_KEY', () => {
    expect(() => encrypterFromKey('too-short')).toThrow(/APP_KEY is too short/);
    expect(() => encrypterFromKey(`base64:${Buffer.alloc(16).toString('base64')}`)).toThrow(
      /APP_KEY is too short/,
    );
    expect(() => encrypterFromKey('a long passphrase of more than thirty-two bytes')).not.toThrow();
  });

  it('generates a key into the data directory on first start (mode 0600) and reuses it', async () => {
    const { dir, cleanup } = tempDir();
    try {
      const first = await createEncrypter({ dataDir: dir, ephemeralDatabase: false });
      const file = path.join(dir, 'app-key');
      expect(readFileSync(file, 'utf8')).toMatch(/^base64:[A-Za-z0-9+/]{43}=\n$/);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const second = await createEncrypter({ dataDir: dir, ephemeralDatabase: false });
      expect(second.decrypt(first.encrypt('kept', 'x'), 'x')).toBe('kept');
    } finally {
      cleanup();
    }
  });

  it('prefers APP_KEY, and refuses to encrypt for a lasting database without any key', async () => {
    const key = generateAppKey();
    const fromEnv = await createEncrypter({ appKey: key, dataDir: undefined, ephemeralDatabase: false });
    expect(encrypterFromKey(key).decrypt(fromEnv.encrypt('v', 'c'), 'c')).toBe('v');
    const none = await createEncrypter({ ephemeralDatabase: false });
    expect(() => none.encrypt('v')).toThrow(/Set APP_KEY/);
    const memory = await createEncrypter({ ephemeralDatabase: true });
    expect(memory.decrypt(memory.encrypt('v')), 'in-memory databases may use a throwaway key').toBe('v');
  });
});

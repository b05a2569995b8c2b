import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Authenticated encryption for values kept at rest (two-factor secrets, recovery codes). */
export interface Encrypter {
  /**
   * Encrypts with AES-256-GCM. `context` (a table, column and row id, say) is bound as associated data, so a
   * ciphertext copied into another row or column fails to decrypt instead of being accepted there.
   */
  encrypt(plaintext: string, context?: string): string;
  /** Decrypts what `encrypt` produced with the same context; throws when it was tampered with. */
  decrypt(payload: string, context?: string): string;
}

const VERSION = 'v1';
const KEY_FILE = 'app-key';

/** A fresh key in the form `APP_KEY` takes: `base64:` and 32 random bytes. */
export function generateAppKey(): string {
  return `base64:${randomBytes(32).toString('base64')}`;
}

/**
 * Turns `APP_KEY` into the AES key. `base64:…` is decoded; any other value is used as text. Either way it
 * must carry at least 32 bytes, and HKDF derives the actual key, so the raw secret is never the cipher key.
 */
function deriveKey(appKey: string): Buffer {
  const material = appKey.startsWith('base64:')
    ? Buffer.from(appKey.slice(7), 'base64')
    : Buffer.from(appKey, 'utf8');
  if (material.length < 32)
    throw new Error('APP_KEY is too short: use 32 random bytes, e.g. the output of `backline key:generate`.');
  return Buffer.from(hkdfSync('sha256', material, Buffer.alloc(0), 'backline/aes-256-gcm', 32));
}

/** An encrypter over a known key. */
export function encrypterFromKey(appKey: string): Encrypter {
  const key = deriveKey(appKey);
  return {
    encrypt(plaintext, context = '') {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    decrypt(payload, context = '') {
      const [version, data] = payload.split('.');
      if (version !== VERSION || !data) throw new Error('Not an encrypted value.');
      const raw = Buffer.from(data, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

/** An encrypter that refuses to work, with the reason; used when no key can be kept safely. */
function unavailable(reason: string): Encrypter {
  const fail = (): never => {
    throw new Error(reason);
  };
  return { encrypt: fail, decrypt: fail };
}

/**
 * Resolves the app key: `appKey` (from `APP_KEY`) when given; otherwise `DATA_DIR/app-key`, generated with
 * mode 0600 on first start. Without either, a throwaway key is fine only while the database is also
 * throwaway (in-memory PGlite); with a lasting database the encrypter refuses, because values encrypted
 * with a key that dies with the process would lock users out after a restart.
 */
export async function createEncrypter(options: {
  appKey?: string | undefined;
  dataDir?: string | undefined;
  ephemeralDatabase: boolean;
}): Promise<Encrypter> {
  if (options.appKey) return encrypterFromKey(options.appKey);
  if (options.dataDir) {
    const file = path.join(path.resolve(options.dataDir), KEY_FILE);
    let key: string;
    try {
      key = (await readFile(file, 'utf8')).trim();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      key = generateAppKey();
      await mkdir(path.dirname(file), { recursive: true });
      // `wx` fails if another process created the file in the meantime; then that key wins.
      try {
        await writeFile(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
      } catch (raced) {
        if ((raced as NodeJS.ErrnoException).code !== 'EEXIST') throw raced;
        key = (await readFile(file, 'utf8')).trim();
      }
      await chmod(file, 0o600).catch(() => {});
    }
    return encrypterFromKey(key);
  }
  if (options.ephemeralDatabase) return encrypterFromKey(generateAppKey());
  return unavailable(
    'Set APP_KEY (or a data directory) before storing encrypted values such as two-factor secrets.',
  );
}

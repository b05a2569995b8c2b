import { Readable, Transform } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import type { Storage } from '@backline/server';

export interface WebDavOptions {
  /** The collection files go under, e.g. `https://dav.example.com/media/`. */
  url: string;
  username: string;
  password: string;
}

/**
 * Stores uploads on a WebDAV server (Nextcloud, Apache mod_dav, rclone serve webdav) with plain `fetch`.
 * It reads byte ranges, so downloads and seeking in a player answer 206; it offers no direct uploads, so
 * browsers upload through the app and tus uploads wait on local disk until they are complete.
 */
export function webDavStorage({ url, username, password }: WebDavOptions): Storage {
  const base = url.endsWith('/') ? url : `${url}/`;
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const at = (key: string) => new URL(key, base);
  const request = (key: string, init: RequestInit = {}) =>
    fetch(at(key), { ...init, headers: { authorization, ...init.headers } });
  // WebDAV does not create parent collections on PUT; keys are `uploads/{uuid}`, so one MKCOL per folder is
  // enough, and 405 (it exists already) is fine.
  const madeFolders = new Set<string>();
  async function ensureFolder(key: string) {
    const folder = key.slice(0, key.lastIndexOf('/') + 1);
    if (!folder || madeFolders.has(folder)) return;
    const response = await request(folder, { method: 'MKCOL' });
    if (!response.ok && response.status !== 405)
      throw new Error(`WebDAV MKCOL ${folder}: ${response.status}`);
    madeFolders.add(folder);
  }

  return {
    driver: 'webdav', // at most 16 characters; recorded with each stored file
    capabilities: { rangeReads: true },

    async write(key, body, { mime }) {
      await ensureFolder(key);
      let size = 0;
      // The body streams through to the server: a large upload is never held in memory.
      const counted = (Buffer.isBuffer(body) ? Readable.from([body]) : body).pipe(
        new Transform({
          transform(chunk: Buffer, _encoding, done) {
            size += chunk.length;
            done(null, chunk);
          },
        }),
      );
      // Node's fetch needs `duplex: 'half'` to send a stream; the DOM's RequestInit type does not list it.
      const response = await request(key, {
        method: 'PUT',
        headers: { 'content-type': mime },
        body: Readable.toWeb(counted) as globalThis.ReadableStream,
        duplex: 'half',
      } as RequestInit);
      if (!response.ok) throw new Error(`WebDAV PUT ${key}: ${response.status}`);
      return { size };
    },

    async read(key, range) {
      const response = await request(
        key,
        range ? { headers: { range: `bytes=${range.start}-${range.end}` } } : {},
      );
      if (!response.ok || !response.body) throw new Error(`WebDAV GET ${key}: ${response.status}`);
      return Readable.fromWeb(response.body as ReadableStream<Uint8Array>);
    },

    async stat(key) {
      const response = await request(key, { method: 'HEAD' });
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`WebDAV HEAD ${key}: ${response.status}`);
      return { size: Number(response.headers.get('content-length') ?? 0) };
    },

    async delete(keys) {
      await Promise.all(
        keys.map(async (key) => {
          const response = await request(key, { method: 'DELETE' });
          // Missing keys are not an error (the Storage contract).
          if (!response.ok && response.status !== 404)
            throw new Error(`WebDAV DELETE ${key}: ${response.status}`);
        }),
      );
    },
  };
}

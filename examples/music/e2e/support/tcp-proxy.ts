import { connect, createServer, type Server, type Socket } from 'node:net';

/** What the proxy saw of one request that carries tus `PATCH` bytes. */
export interface PatchSeen {
  /** The `Upload-Offset` the client sent: 0 on a fresh upload, more when it resumed. */
  offset: number;
}

/**
 * A loopback TCP proxy in front of a site, for cutting uploads off mid-way. It forwards bytes untouched
 * and watches request heads for tus PATCH requests (sent as POST with `X-HTTP-Method-Override: PATCH`).
 * `cutNextPatchAfter(n)` destroys the connection once n body bytes of the next PATCH went through;
 * `holdNextPatchAfter(n)` stops forwarding instead, leaving the request hanging (a reload then drops it).
 */
export interface TcpProxy {
  url: string;
  patches: PatchSeen[];
  cutNextPatchAfter(bytes: number): Promise<void>;
  holdNextPatchAfter(bytes: number): Promise<void>;
  close(): Promise<void>;
}

/** How long a cut waits, after the last forwarded byte, before dropping the connection. */
const CUT_SETTLE_MS = 750;

/** Starts the proxy on a free loopback port, forwarding to `target` (the site's URL). */
export async function startTcpProxy(target: string): Promise<TcpProxy> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const patches: PatchSeen[] = [];
  let armed: { mode: 'cut' | 'hold'; bytes: number; done(): void } | null = null;

  const server: Server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    // Bytes of the current PATCH body forwarded on this connection, while a cut or hold is armed for it.
    let watching: { mode: 'cut' | 'hold'; bytes: number; done(): void; sent: number } | null = null;
    let held = false;
    client.on('data', (chunk: Buffer) => {
      if (held) return;
      const text = chunk.toString('latin1');
      const head = text.match(/^(POST|PATCH) [^\r\n]+ HTTP\/1\.1\r\n([\s\S]*?)\r\n\r\n/);
      if (head && (/x-http-method-override:\s*patch/i.test(head[2] ?? '') || head[1] === 'PATCH')) {
        const offset = Number(/upload-offset:\s*(\d+)/i.exec(head[2] ?? '')?.[1] ?? 0);
        patches.push({ offset });
        if (armed) {
          watching = { ...armed, sent: -(head.index ?? 0) - head[0].length };
          armed = null;
        }
      }
      if (!watching) {
        upstream.write(chunk);
        return;
      }
      const room = watching.bytes - watching.sent;
      watching.sent += chunk.length;
      if (room >= chunk.length) {
        upstream.write(chunk);
        return;
      }
      if (room > 0) upstream.write(chunk.subarray(0, room));
      const { mode, done } = watching;
      watching = null;
      held = true;
      client.pause();
      if (mode === 'cut') {
        // Give the server a moment to take in the forwarded bytes (a busy server may not have started
        // reading the body yet), then drop the browser's side. The server's side is only half-closed, so
        // it keeps what it received instead of seeing a reset.
        setTimeout(() => {
          client.destroy();
          done();
        }, CUT_SETTLE_MS);
      } else done();
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', () => {
      // A held or cut request: close the server's side gently, so it keeps what it received.
      if (held) upstream.end();
      else close();
    });
    upstream.on('close', close);
    client.on('error', close);
    upstream.on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  const arm = (mode: 'cut' | 'hold', bytes: number) =>
    new Promise<void>((done) => {
      armed = { mode, bytes, done };
    });
  return {
    url: `http://127.0.0.1:${address.port}`,
    patches,
    cutNextPatchAfter: (bytes) => arm('cut', bytes),
    holdNextPatchAfter: (bytes) => arm('hold', bytes),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

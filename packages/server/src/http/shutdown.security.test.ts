import { once } from 'node:events';
import net from 'node:net';
import { testDatabases } from '@internal/testing';
import { describe, expect, it } from 'vitest';
import { createBackline } from '../create-backline';
import { accounts } from '../modules/accounts';

/**
 * Slowloris against shutdown: a client that trickles its request a byte at a time once kept the process alive
 * long after SIGTERM, because closing the server waited for every connection. `close()` now drains for a grace
 * period, then destroys what remains.
 */
describe.each(testDatabases())('shutdown on $name', (database) => {
  it('does not let a client trickling its request byte by byte keep the server alive after close()', async () => {
    const fresh = database.create();
    const app = await createBackline({
      logger: 'silent',
      modules: [accounts()],
      database: fresh.options,
      dataDir: fresh.dataDir,
      // Short, so the test does not wait the default 10 s; the rule is the same at any length.
      shutdownGraceMs: 200,
    });
    const { server } = await app.start(0, '127.0.0.1');
    const port = (server.address() as net.AddressInfo).port;
    try {
      // One client stuck in its headers, one stuck in its body; both keep sending a byte now and then.
      const connected = once(server, 'connection');
      const inHeaders = net.connect(port, '127.0.0.1');
      const inBody = net.connect(port, '127.0.0.1');
      // The server ends these sockets under the client's writes: that EPIPE is the expected outcome.
      for (const socket of [inHeaders, inBody]) socket.on('error', () => {});
      await Promise.all([once(inHeaders, 'connect'), once(inBody, 'connect'), connected]);
      inHeaders.write('GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
      const bodyRead = new Promise<void>((resolve) => {
        server.once('request', () => resolve());
      });
      inBody.write(
        'POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
      );
      await bodyRead;
      const trickle = setInterval(() => {
        if (!inHeaders.destroyed) inHeaders.write('a');
        if (!inBody.destroyed) inBody.write(' ');
      }, 20);
      // Not `events.once`: it rejects on the socket's expected EPIPE instead of waiting for the close.
      const closed = Promise.all(
        [inHeaders, inBody].map((socket) => new Promise((resolve) => socket.once('close', resolve))),
      );
      try {
        await app.close();
        await closed;
      } finally {
        clearInterval(trickle);
      }
      expect(inHeaders.destroyed && inBody.destroyed).toBe(true);
      expect(server.listening).toBe(false);
    } finally {
      await fresh.cleanup();
    }
  });
});

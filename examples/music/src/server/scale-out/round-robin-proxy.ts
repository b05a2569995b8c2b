import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { METHOD_OVERRIDE_HEADER } from '@backline/core/contract';

/** One request as the proxy passed it on: which instance answered, and with what status. */
export interface ProxiedRequest {
  method: string;
  path: string;
  upstream: string;
  status: number;
}

/** A running proxy: its URL and the log of every request it passed on. */
export interface RoundRobinProxy {
  url: string;
  log: ProxiedRequest[];
  close(): Promise<void>;
}

/** Errors that mean the request never reached a process that could answer it: another instance may take it. */
const NOT_SERVED = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']);

/**
 * A tiny loopback load balancer for the scale-out suite, behaving like the nginx configuration in docs/deploy.md:
 * requests go to the instances in turn, each on a new connection (`keepalive` off upstream), with
 * `X-Forwarded-For`/`-Proto` set; an instance that refuses the connection or drops it before answering (it is
 * stopping) is skipped and the request goes to the next (`proxy_next_upstream error`). Bodies are read whole
 * first so a request can be sent again; answers stream back as they come (event streams included).
 */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  const log: ProxiedRequest[] = [];
  let turn = 0;
  const forward = (incoming: IncomingMessage, body: Buffer, target: string): Promise<IncomingMessage> =>
    new Promise((resolve, reject) => {
      const url = new URL(incoming.url ?? '/', target);
      const outgoing = request(url, {
        method: incoming.method,
        headers: {
          ...incoming.headers,
          host: url.host,
          connection: 'close',
          'x-forwarded-for': incoming.socket.remoteAddress ?? '127.0.0.1',
          'x-forwarded-proto': 'http',
          'content-length': String(body.length),
        },
        agent: false,
      });
      outgoing.once('response', resolve);
      outgoing.once('error', reject);
      outgoing.end(body);
    });

  const server: Server = createServer(async (incoming, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    let lastError: unknown;
    // The next instance in turn, then the others after it (never the same one twice for one request).
    const first = turn++;
    for (let tried = 0; tried < upstreams.length; tried++) {
      const target = upstreams[(first + tried) % upstreams.length]!;
      try {
        const answer = await forward(incoming, body, target);
        log.push({
          method: String(incoming.headers[METHOD_OVERRIDE_HEADER.toLowerCase()] ?? incoming.method),
          path: incoming.url ?? '/',
          upstream: target,
          status: answer.statusCode ?? 0,
        });
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        // A client that goes away (a closed event stream) closes the upstream request too.
        response.once('close', () => answer.destroy());
        return;
      } catch (error) {
        lastError = error;
        if (!NOT_SERVED.has((error as NodeJS.ErrnoException).code ?? '')) break;
      }
    }
    response.writeHead(502, { 'content-type': 'text/plain' });
    response.end(`No instance answered: ${String(lastError)}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import { type BacklineApp, type BacklineOptions, createBackline } from '@backline/server';
import type { TestDatabase } from './databases';
import { HttpSession } from './http-session';

export interface RunningServer {
  app: BacklineApp;
  url: string;
  dataDir: string;
  /** A new cookie-keeping HTTP client for this server. */
  session(): HttpSession;
  close(): Promise<void>;
}

/** Starts a Backline app on a free loopback port with a fresh database of the given kind. */
export async function startTestServer(
  database: TestDatabase,
  options: Omit<BacklineOptions, 'database' | 'dataDir'> = {},
): Promise<RunningServer> {
  const fresh = database.create();
  const app = await createBackline({
    logger: 'silent',
    // Every answer a test provokes is also checked against the contract.
    validateResponses: true,
    ...options,
    database: fresh.options,
    dataDir: fresh.dataDir,
  });
  const { url } = await app.start(0, '127.0.0.1');
  return {
    app,
    url,
    dataDir: fresh.dataDir,
    session: () => new HttpSession(url),
    async close() {
      await app.close();
      await fresh.cleanup();
    },
  };
}

import { HttpSession, type RunningServer, startTestServer, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe.each(testDatabases())('readiness on $name', (database) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(database);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 200 while the instance takes traffic, with the bus it uses', async () => {
    const answer = await new HttpSession(server.url).get('/api/v1/health/ready');
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({
      status: 'ready',
      database: 'up',
      // PGlite is one process: its bus stays inside it. PostgreSQL instances hear each other.
      bus: { kind: database.name === 'postgres' ? 'postgres' : 'local', connected: true },
    });
  });

  it('answers 503 draining once shutdown began, so a balancer sends nothing new', async () => {
    // `close()` sets the flag first, then waits for requests in flight (up to the grace period); a balancer that
    // still reaches the instance on a kept-alive connection meanwhile must read "not ready".
    server.app.kit.draining = true;
    try {
      const answer = await new HttpSession(server.url).get('/api/v1/health/ready');
      expect(answer.status).toBe(503);
      expect(answer.data).toMatchObject({ message: 'This instance is shutting down.', status: 'draining' });
      // Liveness is another question: the process is fine.
      expect((await new HttpSession(server.url).get('/api/v1/health')).status).toBe(200);
    } finally {
      server.app.kit.draining = false;
    }
  });
});

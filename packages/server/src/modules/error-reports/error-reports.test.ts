import { type RunningServer, signedInUser, startTestServer, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';
import { errorReportsModule } from './index';

const PASSWORD = 'katherine-johnson-1918';

describe.each(testDatabases())('client error reports on $name', (database) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(database, { modules: [accounts(), errorReportsModule()] });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('stores an error once, counts repeats, drops the noisy ones, and lists them for admins only', async () => {
    const http = server.session();
    await http.get('/api/v1/health');
    const error = {
      message: 'TypeError: x is undefined',
      stack: 'TypeError\n    at play (app.js:1:2)',
      url: '/album/1',
    };
    for (let i = 0; i < 3; i++) expect((await http.post('/api/v1/error-reports', error)).status).toBe(204);
    for (const message of [
      'Failed to fetch dynamically imported module: /assets/a.js',
      "Failed to execute 'removeChild' on 'Node': The node to be removed is not a child of this node.",
      'ResizeObserver loop completed with undelivered notifications.',
      'Importing a module script failed.',
    ])
      expect((await http.post('/api/v1/error-reports', { message })).status).toBe(204);
    expect((await http.post('/api/v1/error-reports', { message: '' })).status).toBe(422);

    const rows = await server.app.kit.knex('error_reports');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ message: 'TypeError: x is undefined', url: '/album/1' });
    expect(Number(rows[0].count)).toBe(3);

    const plain = await signedInUser(server, { email: 'plain-errors@example.com', password: PASSWORD });
    expect((await plain.http.get('/api/v1/error-reports')).status).toBe(403);
    const admin = await signedInUser(server, {
      email: 'admin-errors@example.com',
      password: PASSWORD,
      roles: ['admin'],
    });
    const list = await admin.http.get('/api/v1/error-reports');
    expect(list.status).toBe(200);
    expect(
      (list.data as { pagination: { data: { message: string; count: number }[] } }).pagination.data,
    ).toEqual([expect.objectContaining({ message: 'TypeError: x is undefined', count: 3 })]);
  });

  it('lets admins sort, search and delete reports, refuses others, and checks the list input', async () => {
    const http = server.session();
    await http.get('/api/v1/health');
    for (const message of ['RangeError: too deep', 'RangeError: too deep', 'SyntaxError: bad json'])
      expect((await http.post('/api/v1/error-reports', { message, url: '/search/x' })).status).toBe(204);
    const admin = (
      await signedInUser(server, { email: 'errors-owner@example.com', password: PASSWORD, roles: ['admin'] })
    ).http;
    type Answer = { pagination: { data: { id: number; message: string; count: number }[]; total: number } };
    const sorted = (await admin.get('/api/v1/error-reports?orderBy=count&orderDir=desc')).data as Answer;
    expect(sorted.pagination.data[0]).toMatchObject({ count: 3 });
    const found = (await admin.get('/api/v1/error-reports?query=RangeError')).data as Answer;
    expect(found.pagination.data.map((row) => row.message)).toEqual(['RangeError: too deep']);
    for (const bad of ['orderBy=password', 'orderBy=id;drop table', 'perPage=100000'])
      expect((await admin.get(`/api/v1/error-reports?${bad}`)).status).toBe(422);

    const target = found.pagination.data[0]!;
    const plain = await signedInUser(server, { email: 'errors-plain@example.com', password: PASSWORD });
    expect((await plain.http.request('DELETE', `/api/v1/error-reports/${target.id}`)).status).toBe(403);
    expect((await admin.request('DELETE', '/api/v1/error-reports/abc')).status).toBe(422);
    expect((await admin.request('DELETE', `/api/v1/error-reports/${target.id}`)).status).toBe(204);
    expect(await server.app.kit.knex('error_reports').where({ id: target.id }).first()).toBeUndefined();
    expect((await admin.request('DELETE', `/api/v1/error-reports/${target.id}`)).status).toBe(404);
    const audit = await server.app.kit.knex('audit_logs').where({ action: 'error_report.delete' });
    expect(audit).toHaveLength(1);
  });

  it('limits reports to 30 a minute per IP', async () => {
    const http = server.session();
    await http.get('/api/v1/health');
    // The earlier tests spent 11 of this address's points.
    let status = 204;
    for (let i = 0; i < 30 && status === 204; i++)
      status = (await http.post('/api/v1/error-reports', { message: `Error ${i}` })).status;
    expect(status).toBe(429);
  });
});

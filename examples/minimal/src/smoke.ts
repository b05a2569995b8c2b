// The release check's smoke test: the packages as published must install, type-check, start and talk.
import assert from 'node:assert/strict';
import { decodeBootstrap, getByPath } from '@backline/core';
import { createApp } from './app.js';

const app = await createApp();
const { url } = await app.start(0, '127.0.0.1');
try {
  const health = await (await fetch(`${url}/api/v1/health`)).json();
  assert.deepEqual(health, { status: 'ok', database: { kind: 'pglite', status: 'up' } });

  const hello = await (await fetch(`${url}/api/v1/hello`)).json();
  assert.equal(hello.greeting, 'Hello from a minimal Backline app');

  const body = (await (await fetch(`${url}/api/v1/bootstrap-data`)).json()) as { data: { data: string } };
  const bootstrap = decodeBootstrap(body.data.data);
  assert.equal(getByPath(bootstrap.settings, 'hello.greeting'), 'Hello from a minimal Backline app');
  assert.equal(bootstrap.user, null);

  const refused = await fetch(`${url}/api/v1/hello`, { method: 'POST' });
  assert.equal(refused.status, 419, 'an unsafe request without the XSRF header is refused');
  console.log('smoke test passed: health, module route, bootstrap data and XSRF check');
} finally {
  await app.close();
}

import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RunningServer, signedInUser, startTestServer, testDatabases } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';
import { notificationsModule, notify, settleNotifications } from './index';

const PASSWORD = 'correct horse battery';
const TYPE = { id: 'test.push', group: 'Test', name: 'Pushed', channels: ['database', 'browser'] } as const;

/**
 * A browser's side of a push subscription: a P-256 key pair and an auth secret, and the RFC 8291 decryption a
 * browser runs on what its push service delivers (aes128gcm content coding, RFC 8188).
 */
function device() {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const serverKey = body.subarray(21, 21 + idLength);
      const ciphertext = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(serverKey);
      const info = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, serverKey]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, auth, info, 32));
      const cek = Buffer.from(
        hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
      );
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
      const padded = Buffer.concat([
        decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 0x02, then zero padding.
      return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
    },
  };
}

/** A self-signed certificate for 127.0.0.1, made by Debian's openssl. */
function selfSigned() {
  const dir = mkdtempSync(path.join(tmpdir(), 'push-cert-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const pair = {
    key: readFileSync(path.join(dir, 'key.pem')),
    cert: readFileSync(path.join(dir, 'cert.pem')),
  };
  rmSync(dir, { recursive: true, force: true });
  return pair;
}

/**
 * A loopback push service over https (its own certificate, trusted through the agent handed to the server):
 * keeps every delivery, answers 201, or 410 for endpoints marked `gone`, 404 for `unknown` and 500 for `failing`.
 */
async function startPushService() {
  const tls = selfSigned();
  const received: { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer }[] =
    [];
  const gone = new Set<string>();
  const unknown = new Set<string>();
  const failing = new Set<string>();
  const server: Server = createServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      const at = req.url ?? '';
      res.statusCode = gone.has(at) ? 410 : unknown.has(at) ? 404 : failing.has(at) ? 500 : 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    agent: new Agent({ ca: tls.cert }),
    received,
    gone,
    unknown,
    failing,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDatabases())('Web Push on $name', (database) => {
  let server: RunningServer;
  let push: Awaited<ReturnType<typeof startPushService>>;
  beforeAll(async () => {
    push = await startPushService();
    server = await startTestServer(database, {
      modules: [accounts(), notificationsModule({ types: [TYPE], push: { agent: push.agent } })],
    });
  });
  afterAll(async () => {
    await server?.close();
    await push?.close();
  });

  it('delivers an encrypted payload that decrypts to the notification, and forgets a device answering 410 or 404, not 500', async () => {
    const { user, http } = await signedInUser(server, { email: 'push@example.com', password: PASSWORD });
    const key = await http.get('/api/v1/notifications/push/key');
    expect(key.status).toBe(200);
    const publicKey = (key.data as { publicKey: string }).publicKey;
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);

    const phone = device();
    const laptop = device();
    for (const [name, d] of [
      ['phone', phone],
      ['laptop', laptop],
    ] as const) {
      const saved = await http.post('/api/v1/notifications/push/subscriptions', {
        endpoint: `${push.url}/${name}`,
        keys: d.keys,
      });
      expect(saved.status).toBe(200);
    }
    const prefs = (await http.get('/api/v1/notifications/me/subscriptions')).data as {
      available_channels: string[];
    };
    expect(prefs.available_channels).toEqual(['database', 'email', 'browser']);

    const { ids } = await notify(server.app.kit, user, {
      type: TYPE.id,
      data: {
        lines: [{ type: 'primary', content: '<b>Ada</b> &amp; Bo followed you' }],
        mainAction: { action: '/user/9', label: 'View' },
      },
    });
    await settleNotifications(server.app.kit);
    expect(push.received.map((r) => r.path).sort()).toEqual(['/laptop', '/phone']);
    const toPhone = push.received.find((r) => r.path === '/phone')!;
    expect(toPhone.headers['content-encoding']).toBe('aes128gcm');
    expect(String(toPhone.headers.authorization)).toContain(`k=${publicKey}`);
    expect(JSON.parse(phone.decrypt(toPhone.body))).toEqual({
      title: 'Ada & Bo followed you',
      body: '',
      url: '/user/9',
      image: null,
      id: ids.get(user.id),
    });
    // Each device's payload is encrypted to its own keys.
    expect(() => phone.decrypt(push.received.find((r) => r.path === '/laptop')!.body)).toThrow();

    push.gone.add('/phone');
    await notify(server.app.kit, user, { type: TYPE.id, data: { lines: [{ content: 'again' }] } });
    await settleNotifications(server.app.kit);
    const left = await server.app.kit
      .knex('notification_push_subscriptions')
      .where({ user_id: user.id })
      .pluck('endpoint');
    expect(left).toEqual([`${push.url}/laptop`]);

    // A 404 (the push service no longer knows the subscription) forgets the device too; a 500 is the service's
    // own trouble, so that device is kept for the next notification.
    const tablet = device();
    await http.post('/api/v1/notifications/push/subscriptions', {
      endpoint: `${push.url}/tablet`,
      keys: tablet.keys,
    });
    push.unknown.add('/laptop');
    push.failing.add('/tablet');
    const before = push.received.length;
    await notify(server.app.kit, user, { type: TYPE.id, data: { lines: [{ content: 'once more' }] } });
    await settleNotifications(server.app.kit);
    expect(
      push.received
        .slice(before)
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/laptop', '/tablet']);
    expect(
      await server.app.kit
        .knex('notification_push_subscriptions')
        .where({ user_id: user.id })
        .pluck('endpoint'),
    ).toEqual([`${push.url}/tablet`]);
  });

  it('refuses plain-http endpoints and bad keys with 422, and serves the keys kept in the data directory', async () => {
    const strict = await startTestServer(database, {
      modules: [accounts(), notificationsModule({ types: [TYPE], push: {} })],
    });
    try {
      const { http } = await signedInUser(strict, { email: 'strict@example.com', password: PASSWORD });
      const insecure = await http.post('/api/v1/notifications/push/subscriptions', {
        endpoint: 'http://127.0.0.1:9/steal',
        keys: device().keys,
      });
      expect(insecure.status).toBe(422);
      expect((insecure.data as { errors: Record<string, string[]> }).errors.endpoint).toBeDefined();
      const badKeys = await http.post('/api/v1/notifications/push/subscriptions', {
        endpoint: 'https://push.example.com/x',
        keys: { p256dh: 'nope', auth: 'nope' },
      });
      expect(badKeys.status).toBe(422);
      // The keys were generated into the data directory, and are the ones served.
      const { readFile } = await import('node:fs/promises');
      const stored = JSON.parse(await readFile(`${strict.dataDir}/vapid-keys.json`, 'utf8'));
      expect(
        ((await http.get('/api/v1/notifications/push/key')).data as { publicKey: string }).publicKey,
      ).toBe(stored.publicKey);
    } finally {
      await strict.close();
    }
  });
});

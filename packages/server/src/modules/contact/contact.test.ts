import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type RunningServer,
  type SmtpCapture,
  startSmtpCapture,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';
import { contactModule } from './index';

const SECRET = 'contact-secret';

/** The provider's siteverify endpoint on loopback: `good-contact` passes for the contact action, nothing else. */
async function startVerifyEndpoint() {
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const token = new URLSearchParams(raw).get('response') ?? '';
      res.setHeader('Content-Type', 'application/json');
      res.end(
        JSON.stringify(
          token === 'good-contact' ? { success: true, score: 0.9, action: 'contact' } : { success: false },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDatabases())('the contact form on $name', (database) => {
  let server: RunningServer;
  let smtp: SmtpCapture;
  let verify: Awaited<ReturnType<typeof startVerifyEndpoint>>;
  let ip = 0;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    verify = await startVerifyEndpoint();
    server = await startTestServer(database, {
      modules: [accounts({ humanCheck: { secretKey: SECRET, verifyUrl: verify.url } }), contactModule()],
      mail: { url: smtp.url },
      // Each test speaks from its own address, so the per-IP limit of one does not spill into another.
      proxy: true,
    });
    await server.app.kit.settings.set('contact.email', 'support@night-owl.test');
    await server.app.kit.settings.set('branding.site_name', 'Night Owl Radio');
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await verify?.close();
  });

  /** A new browser behind its own address (the app trusts the proxy header here). */
  const visitor = async () => {
    ip += 1;
    const headers = { 'X-Forwarded-For': `203.0.113.${ip}` };
    const http = server.session();
    await http.get('/api/v1/health', { headers });
    return { post: (path: string, body: unknown) => http.post(path, body, { headers }) };
  };

  it('mails the message to the contact address with Reply-To the sender, and stores it', async () => {
    const http = await visitor();
    const sent = await http.post('/api/v1/contact-page', {
      name: 'Ada Lovelace',
      email: 'Ada@Example.com',
      message: 'Hello,\nyour radio is great.',
    });
    expect(sent.status).toBe(200);
    expect(sent.data).toEqual({ message: 'Your message can be submitted.' });
    const mail = await smtp.waitFor(
      (m) => m.to.includes('support@night-owl.test') && m.text.includes('Ada Lovelace'),
    );
    expect(mail.replyTo).toBe('ada@example.com');
    expect(mail.subject).toBe('New message from Ada Lovelace via the Night Owl Radio contact form');
    expect(mail.text).toContain('your radio is great.');
    const row = await server.app.kit.knex('contact_messages').where({ email: 'ada@example.com' }).first();
    expect(row).toMatchObject({ name: 'Ada Lovelace', message: 'Hello,\nyour radio is great.' });
  });

  it('answers 422 with field errors for missing fields and a bad address, storing nothing', async () => {
    const http = await visitor();
    const bad = await http.post('/api/v1/contact-page', { name: '', email: 'not-an-address', message: '' });
    expect(bad.status).toBe(422);
    const errors = (bad.data as { errors: Record<string, string[]> }).errors;
    expect(errors.name).toEqual(['The name field is required.']);
    expect(errors.email).toEqual(['The email field must be a valid email address.']);
    expect(errors.message).toEqual(['The message field is required.']);
    expect(
      await server.app.kit.knex('contact_messages').where({ email: 'not-an-address' }).first(),
    ).toBeUndefined();
  });

  it('refuses to send until the human check for "contact" passed, once it is on', async () => {
    await server.app.kit.settings.set('recaptcha.site_key', 'site-key');
    await server.app.kit.settings.set('recaptcha.enable.contact', true);
    try {
      const http = await visitor();
      const body = { name: 'Bot', email: 'bot@example.com', message: 'Buy now' };
      const refused = await http.post('/api/v1/contact-page', body);
      expect(refused.status).toBe(422);
      expect(refused.data).toMatchObject({ message: 'Could not verify you are human.' });
      expect((await http.post('/api/v1/recaptcha/verify', { token: 'bad', action: 'contact' })).data).toEqual(
        {
          success: false,
        },
      );
      expect((await http.post('/api/v1/contact-page', body)).status).toBe(422);
      expect(
        (await http.post('/api/v1/recaptcha/verify', { token: 'good-contact', action: 'contact' })).data,
      ).toEqual({
        success: true,
      });
      expect((await http.post('/api/v1/contact-page', body)).status).toBe(200);
      expect(
        Number(
          (
            await server.app.kit
              .knex('contact_messages')
              .where({ email: 'bot@example.com' })
              .count({ n: '*' })
          )[0]!.n,
        ),
      ).toBe(1);
    } finally {
      await server.app.kit.settings.set('recaptcha.enable.contact', false);
      await server.app.kit.settings.set('recaptcha.site_key', '');
    }
  });

  it('limits messages per sender address (3 an hour) on the email field, whatever the IP', async () => {
    for (let i = 0; i < 3; i++) {
      const http = await visitor();
      const ok = await http.post('/api/v1/contact-page', {
        name: 'Eager',
        email: 'eager@example.com',
        message: `Try ${i}`,
      });
      expect(ok.status).toBe(200);
    }
    const limited = await (await visitor()).post('/api/v1/contact-page', {
      name: 'Eager',
      email: 'eager@example.com',
      message: 'Again',
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((limited.data as { errors: Record<string, string[]> }).errors.email).toEqual([
      'Too many messages from this address. Please try again later.',
    ]);
  });

  it('limits messages per IP (5 an hour), whatever the addresses', async () => {
    const http = await visitor();
    for (let i = 0; i < 5; i++)
      expect(
        (
          await http.post('/api/v1/contact-page', {
            name: 'Spray',
            email: `spray${i}@example.com`,
            message: 'x',
          })
        ).status,
      ).toBe(200);
    const limited = await http.post('/api/v1/contact-page', {
      name: 'Spray',
      email: 'spray9@example.com',
      message: 'x',
    });
    expect(limited.status).toBe(429);
    expect(limited.data).toMatchObject({ message: 'Too many messages. Please try again later.' });
  });
});

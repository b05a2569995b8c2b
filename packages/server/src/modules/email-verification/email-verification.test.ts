import {
  createTestUser,
  currentUser,
  loginOverHttp,
  type RunningServer,
  type SmtpCapture,
  startSmtpCapture,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';

const PASSWORD = 'hedy-lamarr-1942';

describe.each(testDatabases())('email verification on $name', (database) => {
  let server: RunningServer;
  let smtp: SmtpCapture;
  let offset = 0;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(database, {
      modules: [accounts()],
      mail: { url: smtp.url },
      now: () => new Date(Date.now() + offset),
    });
    await server.app.kit.settings.set('branding.site_name', 'Night Owl Radio');
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const unverified = async (email: string) => {
    await createTestUser(server.app, { email, password: PASSWORD, verified: false });
    const http = server.session();
    expect((await loginOverHttp(http, email, PASSWORD, { remember: true })).status).toBe(200);
    return http;
  };
  const linkFor = async (email: string, index = 0) => {
    await smtp.waitFor((m) => m.to.includes(email) && smtp.to(email).length > index);
    return smtp.to(email)[index]!.links.find((url) => url.includes('/auth/email/verify/'))!;
  };

  it('mails a new link on request, which verifies the address once', async () => {
    const http = await unverified('resend@example.com');
    const response = await http.post('/auth/email/verification-notification');
    expect(response.status).toBe(200);
    expect(response.data).toEqual({
      message: 'A new verification link has been sent to your email address.',
    });
    const mail =
      smtp.to('resend@example.com')[0] ?? (await smtp.waitFor((m) => m.to.includes('resend@example.com')));
    expect(mail.subject).toBe('Verify your email address for Night Owl Radio');
    expect(mail.text).toContain('Night Owl Radio');
    expect(mail.html).toContain('Night Owl Radio');
    const link = await linkFor('resend@example.com');

    const followed = await http.get(new URL(link).pathname);
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe(`${server.url}/?email_verified=1`);
    expect(await currentUser(http)).toMatchObject({ email_verified_at: expect.any(String) });
    const again = await http.get(new URL(link).pathname);
    expect(again.headers.get('location')).toBe(`${server.url}/?email_verification=invalid`);
    expect((await http.post('/auth/email/verification-notification')).data).toEqual({
      message: 'Your email address is already verified.',
    });
  });

  it('refuses an expired link (24 hours) and an unknown one', async () => {
    const http = await unverified('late@example.com');
    await http.post('/auth/email/verification-notification');
    const link = await linkFor('late@example.com');
    offset += 24 * 3600_000 + 60_000;
    try {
      const late = await http.get(new URL(link).pathname);
      expect(late.headers.get('location')).toBe(`${server.url}/?email_verification=invalid`);
    } finally {
      offset = 0;
    }
    const unknown = await http.get('/auth/email/verify/not-a-real-token');
    expect(unknown.headers.get('location')).toBe(`${server.url}/?email_verification=invalid`);
    expect(await currentUser(http)).toMatchObject({ email_verified_at: null });
  });

  it('only honours the newest link, and not after the address changed', async () => {
    const http = await unverified('moving@example.com');
    await http.post('/auth/email/verification-notification');
    const older = await linkFor('moving@example.com', 0);
    await http.post('/auth/email/verification-notification');
    const newer = await linkFor('moving@example.com', 1);
    expect((await http.get(new URL(older).pathname)).headers.get('location')).toContain(
      'email_verification=invalid',
    );
    await server.app.kit
      .knex('users')
      .where({ email: 'moving@example.com' })
      .update({ email: 'moved@example.com' });
    expect((await http.get(new URL(newer).pathname)).headers.get('location')).toContain(
      'email_verification=invalid',
    );
    const row = await server.app.kit.knex('users').where({ email: 'moved@example.com' }).first();
    expect(row.email_verified_at).toBeNull();
  });

  it('limits verification mails to 3 a minute per address', async () => {
    const http = await unverified('eager@example.com');
    for (let i = 0; i < 3; i++)
      expect((await http.post('/auth/email/verification-notification')).status).toBe(200);
    const limited = await http.post('/auth/email/verification-notification');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('is for signed-in users only', async () => {
    const http = server.session();
    await http.get('/api/v1/health');
    expect((await http.post('/auth/email/verification-notification')).status).toBe(401);
  });
});

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

describe.each(testDatabases())('the email verification gate on $name', (database) => {
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
    await server.app.kit.settings.set('require_email_confirmation', true);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const gated = async (email: string) => {
    await createTestUser(server.app, { email, password: PASSWORD, verified: false });
    const http = server.session();
    expect((await loginOverHttp(http, email, PASSWORD)).status).toBe(200);
    return http;
  };

  it('refuses every other API call of a signed-in unverified user with 403, and lets the verify screen work', async () => {
    const http = await gated('gated@example.com');
    for (const path of ['/api/v1/user-sessions', '/api/v1/access-tokens', '/api/v1/value-lists/timezones']) {
      const refused = await http.get(path);
      expect(refused.status).toBe(403);
      expect(refused.data).toEqual({ message: 'Your email address is not verified.' });
    }
    const bootstrap = await http.get('/api/v1/bootstrap-data');
    expect(bootstrap.status).toBe(200);
    const resend = await http.post('/auth/email/verification-notification', { email: 'gated@example.com' });
    expect(resend.status).toBe(200);
    // The pages themselves are not API calls: the client loads and shows the verify screen.
    expect((await http.get('/api/v1/health')).status).toBe(200);
  });

  it('lets a verified user and a visitor through, and everyone once the setting is off', async () => {
    await createTestUser(server.app, { email: 'fine@example.com', password: PASSWORD, verified: true });
    const fine = server.session();
    await loginOverHttp(fine, 'fine@example.com', PASSWORD);
    expect((await fine.get('/api/v1/user-sessions')).status).toBe(200);
    const http = await gated('later@example.com');
    await server.app.kit.settings.set('require_email_confirmation', false);
    try {
      expect((await http.get('/api/v1/user-sessions')).status).toBe(200);
    } finally {
      await server.app.kit.settings.set('require_email_confirmation', true);
    }
    expect((await http.get('/api/v1/user-sessions')).status).toBe(403);
  });

  it('signs in whoever opens the mailed link, once; a reused or expired link is refused and signs in nobody', async () => {
    const owner = await gated('owner@example.com');
    await owner.post('/auth/email/verification-notification', {});
    await smtp.waitFor((m) => m.to.includes('owner@example.com'));
    const link = smtp.to('owner@example.com')[0]!.links.find((url) => url.includes('/auth/email/verify/'))!;

    const elsewhere = server.session();
    await elsewhere.get('/api/v1/health');
    const opened = await elsewhere.get(new URL(link).pathname);
    expect(opened.headers.get('location')).toBe(`${server.url}/?email_verified=1`);
    expect(await currentUser(elsewhere)).toMatchObject({ email: 'owner@example.com' });
    expect((await elsewhere.get('/api/v1/user-sessions')).status).toBe(200);

    const third = server.session();
    await third.get('/api/v1/health');
    const reused = await third.get(new URL(link).pathname);
    expect(reused.headers.get('location')).toBe(`${server.url}/?email_verification=invalid`);
    expect(await currentUser(third)).toBeNull();

    const late = await gated('late-gate@example.com');
    await late.post('/auth/email/verification-notification', {});
    await smtp.waitFor((m) => m.to.includes('late-gate@example.com'));
    const lateLink = smtp
      .to('late-gate@example.com')[0]!
      .links.find((url) => url.includes('/auth/email/verify/'))!;
    offset = 24 * 3600_000 + 1_000;
    try {
      const visitor = server.session();
      await visitor.get('/api/v1/health');
      expect((await visitor.get(new URL(lateLink).pathname)).headers.get('location')).toContain(
        'email_verification=invalid',
      );
      expect(await currentUser(visitor)).toBeNull();
    } finally {
      offset = 0;
    }
  });
});

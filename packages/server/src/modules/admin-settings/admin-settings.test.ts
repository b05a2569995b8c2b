import { createServer } from 'node:net';
import {
  type HttpSession,
  type RunningServer,
  type SmtpCapture,
  signedInUser,
  startSmtpCapture,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';
import { notificationsModule } from '../notifications';
import { adminSettingsModule } from '.';

const PASSWORD = 'turing-machine-1936';

/** `PUT admin/settings` with a JSON body. */
const put = (http: HttpSession, body: unknown) =>
  http.request('PUT', '/api/v1/admin/settings', { json: body });

async function publicSettings(http: HttpSession): Promise<Record<string, unknown>> {
  const response = await http.get('/api/v1/bootstrap-data');
  return JSON.parse((response.data as { data: { data: string } }).data.data).settings;
}

describe.each(testDatabases())('admin settings on $name', (database) => {
  let server: RunningServer;
  let smtp: SmtpCapture;
  let admin: HttpSession;
  let member: HttpSession;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    server = await startTestServer(database, {
      modules: [accounts(), adminSettingsModule()],
      mail: { url: smtp.url },
    });
    admin = (await signedInUser(server, { email: 'owner@example.com', password: PASSWORD, roles: ['admin'] }))
      .http;
    member = (await signedInUser(server, { email: 'member@example.com', password: PASSWORD })).http;
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('refuses normal users (403) and visitors (401) on every settings route', async () => {
    expect((await member.get('/api/v1/admin/settings')).status).toBe(403);
    expect((await put(member, { settings: { 'branding.site_name': 'Mine' } })).status).toBe(403);
    expect((await member.post('/api/v1/admin/settings/test-mail', {})).status).toBe(403);
    const visitor = server.session();
    await visitor.get('/api/v1/health');
    expect((await visitor.get('/api/v1/admin/settings')).status).toBe(401);
    // Nothing changed behind the refusals.
    expect((await publicSettings(visitor)).branding).toMatchObject({ site_name: 'Backline' });
  });

  it('saves a page of settings at once, and bootstrap data shows them on the next request', async () => {
    const visitor = server.session();
    expect((await publicSettings(visitor)).branding).toMatchObject({ site_name: 'Backline' });
    const saved = await put(admin, {
      settings: {
        'branding.site_name': 'Night Owl Radio',
        'homepage.type': 'loginPage',
        'dates.default_timezone': 'Europe/Madrid',
        'registration.disable': true,
      },
    });
    expect(saved.status).toBe(200);
    expect((saved.data as { values: Record<string, unknown> }).values).toMatchObject({
      'branding.site_name': 'Night Owl Radio',
      'homepage.type': 'loginPage',
    });
    const settings = await publicSettings(visitor);
    expect(settings.branding).toMatchObject({ site_name: 'Night Owl Radio' });
    expect(settings.homepage).toMatchObject({ type: 'loginPage' });
    expect(settings.dates).toMatchObject({ default_timezone: 'Europe/Madrid' });
    expect(settings.registration).toMatchObject({ disable: true });
    // The registration switch is effective at once: register now refuses.
    await put(admin, { settings: { 'registration.disable': false } });
    expect((await publicSettings(visitor)).registration).toMatchObject({ disable: false });
  });

  it('checks every value by its key and saves nothing when one is wrong', async () => {
    const response = await put(admin, {
      settings: {
        'branding.site_name': 'Half saved',
        'dates.default_timezone': 'Mars/Olympus_Mons',
        'homepage.type': 'everything',
        'uploads.max_size': -5,
        'mail.from_address': 'not an email',
        base_url: 'javascript:alert(1)',
        'site.demo': true,
        'no.such.setting': 1,
      },
    });
    expect(response.status).toBe(422);
    const errors = (response.data as { errors: Record<string, string[]> }).errors;
    expect(Object.keys(errors).sort()).toEqual(
      [
        'base_url',
        'dates.default_timezone',
        'homepage.type',
        'mail.from_address',
        'no.such.setting',
        'site.demo',
        'uploads.max_size',
      ].sort(),
    );
    expect(errors['site.demo']).toEqual(['This setting cannot be changed here.']);
    expect(errors['dates.default_timezone']).toEqual(['Choose a valid time zone.']);
    // All or nothing: the valid site name was not written either.
    expect(await server.app.kit.settings.get('branding.site_name')).not.toBe('Half saved');
  });

  it('refuses bad shapes with 422, never 500', async () => {
    for (const body of [
      {},
      { settings: 'x' },
      { settings: { 'branding.site_name': '' } },
      { settings: { 'registration.disable': 'yes' } },
    ]) {
      const response = await put(admin, body);
      expect(response.status).toBe(422);
      expect(typeof (response.data as { message: unknown }).message).toBe('string');
    }
    const range = await put(admin, {
      settings: { 'branding.site_name': 'x'.repeat(101) },
    });
    expect((range.data as { errors: Record<string, string[]> }).errors['branding.site_name']).toEqual([
      'Enter at most 100 characters.',
    ]);
  });

  it('keeps secrets encrypted at rest and never answers them', async () => {
    const secret = 'gcp-client-secret-7f3a9b';
    const response = await put(admin, {
      settings: { 'social.google.client_secret': secret, 'social.google.client_id': 'client-123' },
    });
    expect(response.status).toBe(200);
    expect(JSON.stringify(response.data)).not.toContain(secret);
    const read = await admin.get('/api/v1/admin/settings');
    expect(JSON.stringify(read.data)).not.toContain(secret);
    const answer = read.data as { values: Record<string, unknown>; secrets: Record<string, boolean> };
    expect(answer.secrets['social.google.client_secret']).toBe(true);
    expect(answer.secrets['recaptcha.secret_key']).toBe(false);
    expect(answer.values).not.toHaveProperty('social.google.client_secret');
    expect(answer.values['social.google.client_id']).toBe('client-123');

    // The row holds ciphertext, not the plaintext, and is never public.
    const row = await server.app.kit.knex('settings').where({ key: 'social.google.client_secret' }).first();
    expect(JSON.stringify(row.value)).not.toContain(secret);
    expect(row.value).toEqual({ $encrypted: expect.stringMatching(/^v1\./) });
    expect(row.public).toBe(false);
    // The server itself reads the plaintext (a fresh read from the table, as after a restart).
    server.app.kit.settings.invalidate();
    expect(await server.app.kit.settings.get('social.google.client_secret')).toBe(secret);
    // Bootstrap data carries no trace of it.
    expect(JSON.stringify(await publicSettings(server.session()))).not.toContain(secret);

    // An empty value keeps the stored secret; null removes it.
    await put(admin, { settings: { 'social.google.client_secret': '' } });
    expect(await server.app.kit.settings.get('social.google.client_secret')).toBe(secret);
    await put(admin, { settings: { 'social.google.client_secret': null } });
    expect(await server.app.kit.settings.get('social.google.client_secret')).toBe('');
    const cleared = await admin.get('/api/v1/admin/settings');
    expect(
      (cleared.data as { secrets: Record<string, boolean> }).secrets['social.google.client_secret'],
    ).toBe(false);
  });

  it('writes one audit row per save, with the changed keys and no secret value', async () => {
    const knex = server.app.kit.knex;
    await knex('audit_logs').where({ action: 'settings.update' }).delete();
    await put(admin, {
      settings: { 'branding.site_name': 'Audited Radio', 'recaptcha.secret_key': 'very-secret-audit-value' },
    });
    const rows = await knex('audit_logs').where({ action: 'settings.update' });
    expect(rows).toHaveLength(1);
    const changes = typeof rows[0].changes === 'string' ? JSON.parse(rows[0].changes) : rows[0].changes;
    expect(changes['branding.site_name']).toMatchObject({ after: 'Audited Radio' });
    expect(changes['recaptcha.secret_key']).toEqual({ before: null, after: '[redacted]' });
    expect(JSON.stringify(rows)).not.toContain('very-secret-audit-value');
    // A refused save writes no row.
    await put(admin, { settings: { 'branding.site_name': '' } });
    expect(await knex('audit_logs').where({ action: 'settings.update' })).toHaveLength(1);
    // Saving unchanged values writes nothing either.
    await put(admin, { settings: { 'branding.site_name': 'Audited Radio' } });
    expect(await knex('audit_logs').where({ action: 'settings.update' })).toHaveLength(1);
  });

  it('a secret copied into another key does not decrypt there', async () => {
    await put(admin, { settings: { 'recaptcha.secret_key': 'hcaptcha-secret-1' } });
    const knex = server.app.kit.knex;
    const row = await knex('settings').where({ key: 'recaptcha.secret_key' }).first();
    await knex('settings')
      .insert({ key: 'social.twitter.client_secret', value: JSON.stringify(row.value), public: false })
      .onConflict('key')
      .merge();
    server.app.kit.settings.invalidate();
    expect(await server.app.kit.settings.get('recaptcha.secret_key')).toBe('hcaptcha-secret-1');
    expect(await server.app.kit.settings.get('social.twitter.client_secret')).toBe('');
  });

  it('sends a test email from the configured sender and reports the SMTP result', async () => {
    await put(admin, {
      settings: { 'mail.from_name': 'Night Owl', 'mail.from_address': 'hello@nightowl.example' },
    });
    const response = await admin.post('/api/v1/admin/settings/test-mail', {});
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({
      sent: true,
      transport: 'smtp',
      message: 'Sent a test email to owner@example.com.',
    });
    const mail = await smtp.waitFor((message) => message.to.includes('owner@example.com'));
    expect(mail.from).toBe('hello@nightowl.example');
    expect(mail.raw).toMatch(/^From: "?Night Owl"? <hello@nightowl\.example>/m);
  });
});

describe('test email without a reachable SMTP server', () => {
  it('reports the failure instead of answering 500', async () => {
    const [pglite] = testDatabases();
    // A port that was just free and is closed again: the connection is refused.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));
    const server = await startTestServer(pglite!, {
      modules: [accounts(), adminSettingsModule()],
      mail: { url: `smtp://127.0.0.1:${port}` },
    });
    try {
      const { http } = await signedInUser(server, {
        email: 'o@example.com',
        password: PASSWORD,
        roles: ['admin'],
      });
      const response = await http.post('/api/v1/admin/settings/test-mail', {});
      expect(response.status).toBe(200);
      expect(response.data).toMatchObject({ sent: false, transport: 'smtp' });
      expect((response.data as { message: string }).message).toMatch(
        /^Could not send the test email: .*ECONNREFUSED/,
      );
    } finally {
      await server.close();
    }
  });
});

describe.each(testDatabases())('admin settings defaults on $name', (database) => {
  it('never override the default of the module that owns a key, in either module order (notifications.integrated)', async () => {
    for (const modules of [
      [accounts(), notificationsModule(), adminSettingsModule()],
      [accounts(), adminSettingsModule(), notificationsModule()],
    ]) {
      const server = await startTestServer(database, { modules });
      try {
        const settings = await publicSettings(server.session());
        expect((settings.notifications as { integrated?: unknown }).integrated).toBe(true);
      } finally {
        await server.close();
      }
    }
  });

  it('still give an editable key its value and public flag when its module is not installed', async () => {
    const server = await startTestServer(database, { modules: [accounts(), adminSettingsModule()] });
    try {
      const settings = await publicSettings(server.session());
      expect((settings.notifications as { integrated?: unknown }).integrated).toBe(false);
    } finally {
      await server.close();
    }
  });
});

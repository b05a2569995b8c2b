import {
  type HttpSession,
  type RunningServer,
  signedInUser,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';

const PASSWORD = 'turing-machine-1936';
const SPANISH = {
  language: 'es',
  name: 'Español',
  lines: { 'Sign in': 'Iniciar sesión', Settings: 'Ajustes' },
};

async function i18nOf(http: HttpSession): Promise<{ language: string; lines: Record<string, string> }> {
  const response = await http.get('/api/v1/bootstrap-data');
  return JSON.parse((response.data as { data: { data: string } }).data.data).i18n;
}

describe.each(testDatabases())('admin localizations on $name', (database) => {
  let server: RunningServer;
  let admin: HttpSession;
  let member: HttpSession;
  beforeAll(async () => {
    server = await startTestServer(database, { modules: [accounts({ localizations: [SPANISH] })] });
    admin = (await signedInUser(server, { email: 'owner@example.com', password: PASSWORD, roles: ['admin'] }))
      .http;
    member = (await signedInUser(server, { email: 'member@example.com', password: PASSWORD })).http;
  });
  afterAll(() => server?.close());

  it('refuses normal users with 403 on every route', async () => {
    const put = (path: string, json: unknown) => member.request('PUT', path, { json });
    for (const response of [
      await member.get('/api/v1/admin/localizations'),
      await member.post('/api/v1/admin/localizations', { language: 'fr', name: 'Français' }),
      await member.get('/api/v1/admin/localizations/es'),
      await put('/api/v1/admin/localizations/es', { lines: { 'Sign in': 'Hacked' } }),
      await member.post('/api/v1/admin/localizations/es/default', {}),
    ])
      expect(response.status).toBe(403);
    expect((await i18nOf(await spanishVisitor(server))).lines['Sign in']).toBe('Iniciar sesión');
  });

  it('lists languages with their progress, missing lines included', async () => {
    const response = await admin.get('/api/v1/admin/localizations');
    expect(response.status).toBe(200);
    const list = (
      response.data as { localizations: { language: string; translated: number; total: number }[] }
    ).localizations;
    expect(list.map((entry) => entry.language)).toEqual(['en', 'es']);
    expect(list[1]).toMatchObject({ name: 'Español', translated: 2, total: 2, is_default: false });
  });

  it('edits a translation and visitors get it on their next request, without a restart', async () => {
    const visitor = await spanishVisitor(server);
    expect((await i18nOf(visitor)).lines['Sign in']).toBe('Iniciar sesión');
    const saved = await admin.request('PUT', '/api/v1/admin/localizations/es', {
      json: { lines: { 'Sign in': 'Entrar', 'Create account': 'Crear cuenta' } },
    });
    expect(saved.status).toBe(200);
    const lines = (await i18nOf(visitor)).lines;
    expect(lines['Sign in']).toBe('Entrar');
    expect(lines['Create account']).toBe('Crear cuenta');
    expect(lines.Settings).toBe('Ajustes');
    // Audited in the same transaction: the changed line, before and after.
    const audit = await server.app.kit.knex('audit_logs').where({ action: 'localization.update' }).first();
    const changes = typeof audit.changes === 'string' ? JSON.parse(audit.changes) : audit.changes;
    expect(changes['Sign in']).toEqual({ before: 'Iniciar sesión', after: 'Entrar' });
    // The new source line shows up as missing in German... once German exists.
    const added = await admin.post('/api/v1/admin/localizations', { language: 'de', name: 'Deutsch' });
    expect(added.status).toBe(201);
    const german = await admin.get('/api/v1/admin/localizations/de');
    const germanLines = (german.data as { lines: { key: string; translation: string | null }[] }).lines;
    expect(germanLines).toContainEqual({ key: 'Create account', translation: null });
    expect(germanLines.every((line) => line.translation === null)).toBe(true);
    // Visitors can switch to the new language at once.
    const other = server.session();
    await other.get('/api/v1/health');
    expect((await other.post('/api/v1/users/me/locale', { locale: 'de' })).status).toBe(200);
    // An empty string removes the admin's line: the declared one comes back.
    await admin.request('PUT', '/api/v1/admin/localizations/es', { json: { lines: { 'Sign in': '' } } });
    expect((await i18nOf(visitor)).lines['Sign in']).toBe('Iniciar sesión');
  });

  it('sets the default language for visitors who chose none', async () => {
    const fresh = server.session();
    expect((await i18nOf(fresh)).language).toBe('en');
    expect((await admin.post('/api/v1/admin/localizations/es/default', {})).status).toBe(200);
    expect((await i18nOf(fresh)).language).toBe('es');
    await admin.post('/api/v1/admin/localizations/en/default', {});
    expect((await i18nOf(fresh)).language).toBe('en');
  });

  it('refuses bad codes, duplicates and unknown languages clearly', async () => {
    const bad = await admin.post('/api/v1/admin/localizations', { language: 'EN; drop', name: 'x' });
    expect(bad.status).toBe(422);
    expect((bad.data as { errors: Record<string, string[]> }).errors.language).toBeDefined();
    const duplicate = await admin.post('/api/v1/admin/localizations', { language: 'es', name: 'Otra' });
    expect(duplicate.status).toBe(422);
    expect((duplicate.data as { errors: Record<string, string[]> }).errors.language).toEqual([
      'This language is already installed.',
    ]);
    expect((await admin.get('/api/v1/admin/localizations/xx')).status).toBe(404);
    const lines = await admin.request('PUT', '/api/v1/admin/localizations/es', { json: { lines: { a: 5 } } });
    expect(lines.status).toBe(422);
  });
});

async function spanishVisitor(server: RunningServer): Promise<HttpSession> {
  const http = server.session();
  await http.get('/api/v1/health');
  await http.post('/api/v1/users/me/locale', { locale: 'es' });
  return http;
}

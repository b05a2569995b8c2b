import {
  createTestUser,
  type HttpSession,
  loginOverHttp,
  type RunningServer,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineModule } from '../../kit';
import { accounts } from '../accounts';
import { User } from '../users/user-model';

const PASSWORD = 'turing-machine-1936';
const SPANISH = {
  language: 'es',
  name: 'Español',
  lines: { 'Sign in': 'Iniciar sesión', 'I accept the :name': 'Acepto :name' },
};
const GERMAN = { language: 'de', name: 'Deutsch', lines: { 'Sign in': 'Anmelden' } };

interface I18nData {
  language: string;
  name?: string;
  lines: Record<string, string>;
}

async function i18nOf(http: HttpSession): Promise<I18nData> {
  const response = await http.get('/api/v1/bootstrap-data');
  return JSON.parse((response.data as { data: { data: string } }).data.data).i18n;
}

describe.each(testDatabases())('localization on $name', (database) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(database, {
      // One language through accounts(), one declared by another module.
      modules: [
        accounts({ localizations: [SPANISH] }),
        defineModule({ id: 'german', localizations: [GERMAN] }),
      ],
    });
  });
  afterAll(() => server?.close());

  it('starts visitors in the default localization (English, no lines)', async () => {
    const http = server.session();
    expect(await i18nOf(http)).toEqual({ language: 'en', name: 'English', lines: {} });
  });

  it('switches a visitor with a cookie, and the bootstrap data follows', async () => {
    const http = server.session();
    await http.get('/api/v1/health');
    const response = await http.post('/api/v1/users/me/locale', { locale: 'es' });
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ locale: SPANISH });
    expect(http.cookies.get('locale')).toBe('es');
    expect(await i18nOf(http)).toEqual(SPANISH);
    // A module's language works the same way.
    await http.post('/api/v1/users/me/locale', { locale: 'de' });
    expect((await i18nOf(http)).lines).toEqual({ 'Sign in': 'Anmelden' });
  });

  it('saves a user’s choice, which wins over the cookie on any device', async () => {
    const user = await createTestUser(server.app, { email: 'polyglot@example.com', password: PASSWORD });
    const http = server.session();
    await loginOverHttp(http, 'polyglot@example.com', PASSWORD);
    expect((await http.post('/api/v1/users/me/locale', { locale: 'es' })).status).toBe(200);
    expect((await User.query(server.app.kit.knex).findById(user.id))!.language).toBe('es');
    expect((await i18nOf(http)).language).toBe('es');
    // Another browser whose cookie says German: the saved language wins once signed in.
    const other = server.session();
    await other.get('/api/v1/health');
    await other.post('/api/v1/users/me/locale', { locale: 'de' });
    expect((await i18nOf(other)).language).toBe('de');
    await loginOverHttp(other, 'polyglot@example.com', PASSWORD);
    expect((await i18nOf(other)).language).toBe('es');
    // PUT users/me changes it too.
    await http.request('PUT', '/api/v1/users/me', { json: { language: 'de' } });
    expect((await i18nOf(http)).language).toBe('de');
  });

  it('refuses unknown locales with 422 and changes nothing', async () => {
    const http = server.session();
    await http.get('/api/v1/health');
    for (const locale of ['xx', '', '../../etc/passwd', 'es-XX']) {
      const response = await http.post('/api/v1/users/me/locale', { locale });
      expect(response.status).toBe(422);
      expect(Object.keys((response.data as { errors: object }).errors)).toEqual(['locale']);
    }
    expect(http.cookies.has('locale')).toBe(false);
    // A forged cookie naming an unknown language falls back to the default.
    http.cookies.set('locale', 'xx');
    expect((await i18nOf(http)).language).toBe('en');
  });

  it('follows the i18n.default_localization setting', async () => {
    await server.app.kit.settings.set('i18n.default_localization', 'es');
    try {
      expect((await i18nOf(server.session())).language).toBe('es');
    } finally {
      await server.app.kit.settings.set('i18n.default_localization', 'en');
    }
  });

  it('needs the XSRF header like every unsafe request', async () => {
    const http = server.session();
    await http.get('/api/v1/health');
    expect((await http.post('/api/v1/users/me/locale', { locale: 'es' }, { xsrf: false })).status).toBe(419);
  });
});

import {
  createTestUser,
  type HttpSession,
  loginOverHttp,
  type RunningServer,
  startTestServer,
  testDatabases,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';

const PASSWORD = 'hamming-code-1950';

interface Me {
  user: {
    two_factor_enabled?: boolean;
    two_factor_confirmed_at: string | null;
    two_factor_recovery_codes: string[];
  };
}

/**
 * The two-factor panel's state comes from what is stored, not from what one answer happened to carry: a user
 * who enabled two-factor and left before confirming must find it pending in any later session.
 */
describe.each(testDatabases())('two-factor enablement in later sessions on $name', (database) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(database, { modules: [accounts()] });
  });
  afterAll(() => server?.close());

  const signedIn = async (email: string) => {
    const http = server.session();
    expect((await loginOverHttp(http, email, PASSWORD)).status).toBe(200);
    return http;
  };
  const me = async (http: HttpSession) => ((await http.get('/api/v1/users/me')).data as Me).user;

  it('reports enabled-but-unconfirmed two-factor to its owner in a new session, keeping the secrets behind the password window', async () => {
    await createTestUser(server.app, { email: 'pending@example.com', password: PASSWORD });
    const first = await signedIn('pending@example.com');
    expect(await me(first)).toMatchObject({ two_factor_enabled: false, two_factor_confirmed_at: null });
    expect((await first.post('/auth/user/confirm-password', { password: PASSWORD })).status).toBe(200);
    expect((await first.post('/auth/user/two-factor-authentication')).status).toBe(200);

    // A later session: no password confirmation yet, so no codes, but the state is known.
    const later = await signedIn('pending@example.com');
    expect(await me(later)).toEqual(
      expect.objectContaining({
        two_factor_enabled: true,
        two_factor_confirmed_at: null,
        two_factor_recovery_codes: [],
      }),
    );
    // The setup key and QR code still need the password.
    expect((await later.get('/auth/user/two-factor/qr-code')).status).toBe(423);

    // Disabled, it is off again everywhere.
    expect((await later.post('/auth/user/confirm-password', { password: PASSWORD })).status).toBe(200);
    expect((await later.request('DELETE', '/auth/user/two-factor-authentication')).status).toBe(200);
    expect((await me(first)).two_factor_enabled).toBe(false);
  });

  it('tells no one else whether a user has two-factor pending', async () => {
    await createTestUser(server.app, {
      email: 'viewer-admin@example.com',
      password: PASSWORD,
      roles: ['admin'],
    });
    const owner = await createTestUser(server.app, { email: 'owner@example.com', password: PASSWORD });
    const ownerHttp = await signedIn('owner@example.com');
    await ownerHttp.post('/auth/user/confirm-password', { password: PASSWORD });
    await ownerHttp.post('/auth/user/two-factor-authentication');
    const admin = await signedIn('viewer-admin@example.com');
    const seen = await admin.get(`/api/v1/users/${owner.id}`);
    expect(seen.status).toBe(200);
    expect(seen.data).toHaveProperty('user.two_factor_confirmed_at', null);
    expect(seen.data).not.toHaveProperty('user.two_factor_enabled');
  });
});

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import {
  bootstrapOf,
  createTestUser,
  currentUser,
  type HttpSession,
  loginOverHttp,
  type RunningServer,
  startTestServer,
  testDatabases,
  totpCode,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';

const PASSWORD = 'turing-bombe-1940';
const STEP = 30_000;

interface UserAnswer {
  user: { two_factor_confirmed_at: string | null; two_factor_recovery_codes: string[] };
}

describe.each(testDatabases())('two-factor on $name', (database) => {
  let server: RunningServer;
  let offset = 0;
  /** Server time, which tests move in whole TOTP steps instead of waiting. */
  const now = () => new Date(Date.now() + offset);
  beforeAll(async () => {
    server = await startTestServer(database, { modules: [accounts()], now });
  });
  afterAll(() => server?.close());

  const signedIn = async (email: string) => {
    const http = server.session();
    expect((await loginOverHttp(http, email, PASSWORD, { remember: true })).status).toBe(200);
    return http;
  };
  const confirmPassword = async (http: HttpSession) =>
    expect((await http.post('/auth/user/confirm-password', { password: PASSWORD })).status).toBe(200);

  /** Enables and confirms two-factor for a fresh user; answers the secret and recovery codes. */
  const enrolled = async (email: string) => {
    await createTestUser(server.app, { email, password: PASSWORD });
    const http = await signedIn(email);
    await confirmPassword(http);
    const enabled = (await http.post('/auth/user/two-factor-authentication')).data as UserAnswer;
    const { secret } = (await http.get('/auth/user/two-factor/qr-code')).data as { secret: string };
    offset += STEP;
    const confirmed = await http.post('/auth/user/confirmed-two-factor-authentication', {
      code: totpCode(secret, now()),
    });
    expect(confirmed.status).toBe(200);
    return { http, secret, codes: enabled.user.two_factor_recovery_codes };
  };

  it('enables, shows the QR code, confirms with an authenticator code, then challenges the next login', async () => {
    await createTestUser(server.app, { email: 'alan@example.com', password: PASSWORD });
    const http = await signedIn('alan@example.com');
    await confirmPassword(http);

    const enabled = await http.post('/auth/user/two-factor-authentication');
    expect(enabled.status).toBe(200);
    const codes = (enabled.data as UserAnswer).user.two_factor_recovery_codes;
    expect(codes).toHaveLength(8);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9]{10}-[A-Za-z0-9]{10}$/);
    expect(new Set(codes).size).toBe(8);
    expect((enabled.data as UserAnswer).user.two_factor_confirmed_at).toBeNull();

    const qr = await http.get('/auth/user/two-factor/qr-code');
    expect(qr.status).toBe(200);
    const { svg, secret } = qr.data as { svg: string; secret: string };
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // Enabling again keeps the secret already scanned.
    await http.post('/auth/user/two-factor-authentication');
    expect(((await http.get('/auth/user/two-factor/qr-code')).data as { secret: string }).secret).toBe(
      secret,
    );

    const confirmed = await http.post('/auth/user/confirmed-two-factor-authentication', {
      code: totpCode(secret, now()),
    });
    expect(confirmed.status).toBe(200);
    expect((confirmed.data as UserAnswer).user.two_factor_confirmed_at).toEqual(expect.any(String));
    expect(await currentUser(http)).toMatchObject({
      two_factor_confirmed_at: expect.any(String),
      two_factor_recovery_codes: codes,
    });

    await http.post('/auth/logout');
    expect((await loginOverHttp(http, 'alan@example.com', PASSWORD)).data).toEqual({ two_factor: true });
    offset += STEP;
    const challenge = await http.post('/auth/two-factor-challenge', { code: totpCode(secret, now()) });
    expect(challenge.status).toBe(200);
    expect(bootstrapOf(challenge.data).user).toMatchObject({ email: 'alan@example.com' });
    expect(await currentUser(http)).toMatchObject({ email: 'alan@example.com' });
  });

  // A second independent implementation where Debian's oathtool is installed; otpauth covers the rest.
  const oathtool = ['/usr/bin/oathtool', '/bin/oathtool'].find(existsSync);
  it.skipIf(!oathtool)('agrees with Debian oathtool on the codes', async () => {
    const { http, secret } = await enrolled('oath@example.com');
    await http.post('/auth/logout');
    await loginOverHttp(http, 'oath@example.com', PASSWORD);
    offset += STEP;
    const at = new Date(Math.floor(now().getTime() / 1000) * 1000).toISOString().replace('.000Z', 'Z');
    const code = execFileSync(oathtool!, ['--totp', '-b', `--now=${at}`, secret], {
      encoding: 'utf8',
    }).trim();
    expect(code).toBe(totpCode(secret, now()));
    expect((await http.post('/auth/two-factor-challenge', { code })).status).toBe(200);
  });

  it('finishes a login with a recovery code', async () => {
    const { http, codes } = await enrolled('recovery@example.com');
    await http.post('/auth/logout');
    await loginOverHttp(http, 'recovery@example.com', PASSWORD);
    const response = await http.post('/auth/two-factor-challenge', { recovery_code: codes[3] });
    expect(response.status).toBe(200);
    expect(bootstrapOf(response.data).user).toMatchObject({ email: 'recovery@example.com' });
  });

  it('regenerates 8 new recovery codes and disables two-factor', async () => {
    const { http, codes } = await enrolled('regen@example.com');
    const regenerated = await http.post('/auth/user/two-factor-recovery-codes');
    expect(regenerated.status).toBe(200);
    const fresh = (regenerated.data as UserAnswer).user.two_factor_recovery_codes;
    expect(fresh).toHaveLength(8);
    expect(fresh.filter((code) => codes.includes(code))).toEqual([]);

    const disabled = await http.request('DELETE', '/auth/user/two-factor-authentication');
    expect(disabled.status).toBe(200);
    expect((disabled.data as UserAnswer).user).toMatchObject({
      two_factor_confirmed_at: null,
      two_factor_recovery_codes: [],
    });
    const row = await server.app.kit.knex('users').where({ email: 'regen@example.com' }).first();
    expect(row).toMatchObject({
      two_factor_secret: null,
      two_factor_recovery_codes: null,
      two_factor_confirmed_at: null,
    });
    await http.post('/auth/logout');
    const login = await loginOverHttp(http, 'regen@example.com', PASSWORD);
    expect(bootstrapOf(login.data).user).toMatchObject({ email: 'regen@example.com' });
  });

  it('refuses visitors, missing confirmation, and actions before two-factor is enabled', async () => {
    const visitor = server.session();
    await visitor.get('/api/v1/health');
    expect((await visitor.post('/auth/user/two-factor-authentication')).status).toBe(401);
    expect((await visitor.request('DELETE', '/auth/user/two-factor-authentication')).status).toBe(401);
    expect((await visitor.get('/auth/user/two-factor/qr-code')).status).toBe(401);
    expect(
      (await visitor.post('/auth/user/confirmed-two-factor-authentication', { code: '123456' })).status,
    ).toBe(401);
    expect((await visitor.post('/auth/user/two-factor-recovery-codes')).status).toBe(401);

    await createTestUser(server.app, { email: 'early@example.com', password: PASSWORD });
    const http = await signedIn('early@example.com');
    expect((await http.get('/auth/user/two-factor/qr-code')).status).toBe(423);
    expect(
      (await http.post('/auth/user/confirmed-two-factor-authentication', { code: '123456' })).status,
    ).toBe(423);
    await confirmPassword(http);
    expect((await http.get('/auth/user/two-factor/qr-code')).status).toBe(404);
    expect((await http.post('/auth/user/two-factor-recovery-codes')).status).toBe(404);
    const notEnabled = await http.post('/auth/user/confirmed-two-factor-authentication', { code: '123456' });
    expect(notEnabled.status).toBe(422);
    expect(notEnabled.data).toMatchObject({
      errors: { code: ['The provided two factor authentication code was invalid.'] },
    });
  });

  it('refuses a wrong or malformed confirmation code', async () => {
    await createTestUser(server.app, { email: 'typo@example.com', password: PASSWORD });
    const http = await signedIn('typo@example.com');
    await confirmPassword(http);
    await http.post('/auth/user/two-factor-authentication');
    const { secret } = (await http.get('/auth/user/two-factor/qr-code')).data as { secret: string };
    const right = totpCode(secret, now());
    const wrong = await http.post('/auth/user/confirmed-two-factor-authentication', {
      code: String((Number(right) + 1) % 1_000_000).padStart(6, '0'),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.data).toMatchObject({
      errors: { code: ['The provided two factor authentication code was invalid.'] },
    });
    for (const code of ['12345', 'abcdef', 1234567, undefined]) {
      const malformed = await http.post('/auth/user/confirmed-two-factor-authentication', { code });
      expect(malformed.status).toBe(422);
      expect(Object.keys((malformed.data as { errors: object }).errors)).toEqual(['code']);
    }
    const row = await server.app.kit.knex('users').where({ email: 'typo@example.com' }).first();
    expect(row.two_factor_confirmed_at).toBeNull();
  });

  it('answers 422 on the challenge without a pending login, or with malformed codes', async () => {
    const http = server.session();
    await http.get('/api/v1/health');
    const none = await http.post('/auth/two-factor-challenge', { code: '123456' });
    expect(none.status).toBe(422);
    expect(none.data).toMatchObject({
      errors: { code: ['Your login attempt has expired. Please log in again.'] },
    });
    expect((await http.post('/auth/two-factor-challenge', {})).data).toMatchObject({
      errors: { code: ['The code field is required.'] },
    });
    expect((await http.post('/auth/two-factor-challenge', { code: '12345' })).data).toMatchObject({
      errors: { code: ['The code field must be 6 digits.'] },
    });
    expect(
      (await http.post('/auth/two-factor-challenge', { recovery_code: 'x'.repeat(20) })).data,
    ).toMatchObject({
      errors: { recovery_code: ['The recovery code field must be 21 characters.'] },
    });
  });

  it('answers 422 on a wrong code or recovery code', async () => {
    const { http, secret } = await enrolled('wrong@example.com');
    await http.post('/auth/logout');
    await loginOverHttp(http, 'wrong@example.com', PASSWORD);
    offset += STEP;
    const right = totpCode(secret, now());
    const wrongCode = await http.post('/auth/two-factor-challenge', {
      code: String((Number(right) + 7) % 1_000_000).padStart(6, '0'),
    });
    expect(wrongCode.status).toBe(422);
    expect(wrongCode.data).toMatchObject({
      errors: { code: ['The provided two factor authentication code was invalid.'] },
    });
    const wrongRecovery = await http.post('/auth/two-factor-challenge', {
      recovery_code: 'abcdefghij-klmnopqrst',
    });
    expect(wrongRecovery.data).toMatchObject({
      errors: { recovery_code: ['The provided two factor recovery code was invalid.'] },
    });
    expect(await currentUser(http)).toBeNull();
  });
});

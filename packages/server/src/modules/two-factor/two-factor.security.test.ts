import {
  createTestUser,
  currentUser,
  HttpSession,
  loginOverHttp,
  type RunningServer,
  startTestServer,
  testDatabases,
  totpCode,
} from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts';
import { User } from '../users/user-model';
import { readSecret } from './secrets';

const PASSWORD = 'shannon-entropy-1948';
const STEP = 30_000;
const INVALID = 'The provided two factor authentication code was invalid.';
const EXPIRED = 'Your login attempt has expired. Please log in again.';

describe.each(testDatabases())('two-factor defences on $name', (database) => {
  let server: RunningServer;
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  beforeAll(async () => {
    server = await startTestServer(database, { modules: [accounts()], now });
  });
  afterAll(() => server?.close());

  const enrolled = async (email: string) => {
    await createTestUser(server.app, { email, password: PASSWORD });
    const http = server.session();
    await loginOverHttp(http, email, PASSWORD, { remember: true });
    await http.post('/auth/user/confirm-password', { password: PASSWORD });
    const codes = (
      (await http.post('/auth/user/two-factor-authentication')).data as {
        user: { two_factor_recovery_codes: string[] };
      }
    ).user.two_factor_recovery_codes;
    const { secret } = (await http.get('/auth/user/two-factor/qr-code')).data as { secret: string };
    offset += STEP;
    expect(
      (await http.post('/auth/user/confirmed-two-factor-authentication', { code: totpCode(secret, now()) }))
        .status,
    ).toBe(200);
    await http.post('/auth/logout');
    offset += STEP;
    return { secret, codes };
  };
  /** A fresh browser that got past the password and now faces the challenge. */
  const challenged = async (email: string) => {
    const http = server.session();
    expect((await loginOverHttp(http, email, PASSWORD)).data).toEqual({ two_factor: true });
    return http;
  };

  describe('TOTP replay', () => {
    it('refuses a code that was already used, even within its 30 seconds', async () => {
      const { secret } = await enrolled('replay@example.com');
      const code = totpCode(secret, now());
      const first = await challenged('replay@example.com');
      expect((await first.post('/auth/two-factor-challenge', { code })).status).toBe(200);
      // An attacker who watched the code and knows the password tries it in the same step.
      const attacker = await challenged('replay@example.com');
      const replay = await attacker.post('/auth/two-factor-challenge', { code });
      expect(replay.status).toBe(422);
      expect(replay.data).toMatchObject({ errors: { code: [INVALID] } });
      expect(await currentUser(attacker)).toBeNull();
    });

    it('refuses the previous step once a later one was used, and the code that confirmed the setup', async () => {
      const { secret } = await enrolled('window@example.com');
      const earlier = totpCode(secret, new Date(now().getTime() - STEP));
      const current = totpCode(secret, now());
      const http = await challenged('window@example.com');
      expect((await http.post('/auth/two-factor-challenge', { code: current })).status).toBe(200);
      const late = await challenged('window@example.com');
      expect((await late.post('/auth/two-factor-challenge', { code: earlier })).status).toBe(422);
    });

    it('lets only one of two racing requests use a code', async () => {
      const { secret } = await enrolled('racing@example.com');
      const code = totpCode(secret, now());
      const [a, b] = [await challenged('racing@example.com'), await challenged('racing@example.com')];
      const answers = await Promise.all([
        a.post('/auth/two-factor-challenge', { code }),
        b.post('/auth/two-factor-challenge', { code }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    });
  });

  describe('recovery codes', () => {
    it('work once each', async () => {
      const { codes } = await enrolled('recover@example.com');
      const first = await challenged('recover@example.com');
      expect((await first.post('/auth/two-factor-challenge', { recovery_code: codes[0] })).status).toBe(200);
      const again = await challenged('recover@example.com');
      const reuse = await again.post('/auth/two-factor-challenge', { recovery_code: codes[0] });
      expect(reuse.status).toBe(422);
      expect(reuse.data).toMatchObject({
        errors: { recovery_code: ['The provided two factor recovery code was invalid.'] },
      });
      expect((await again.post('/auth/two-factor-challenge', { recovery_code: codes[1] })).status).toBe(200);
      const user = await User.query(server.app.kit.knex).findOne({ email: 'recover@example.com' });
      const { readRecoveryCodes } = await import('./secrets');
      expect(readRecoveryCodes(server.app.kit, user!)).toEqual(codes.slice(2));
    });

    it('work once even when two requests race with one', async () => {
      const { codes } = await enrolled('recover-race@example.com');
      const [a, b] = [
        await challenged('recover-race@example.com'),
        await challenged('recover-race@example.com'),
      ];
      const answers = await Promise.all([
        a.post('/auth/two-factor-challenge', { recovery_code: codes[5] }),
        b.post('/auth/two-factor-challenge', { recovery_code: codes[5] }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    });
  });

  describe('attempt caps', () => {
    const wrong = (secret: string) =>
      String((Number(totpCode(secret, now())) + 1) % 1_000_000).padStart(6, '0');

    it('end the pending login after 5 wrong codes: even the right code then needs the password again', async () => {
      const { secret } = await enrolled('capped@example.com');
      const http = await challenged('capped@example.com');
      for (let i = 0; i < 4; i++)
        expect((await http.post('/auth/two-factor-challenge', { code: wrong(secret) })).status).toBe(422);
      const fifth = await http.post('/auth/two-factor-challenge', { code: wrong(secret) });
      expect(fifth.data).toMatchObject({ errors: { code: [INVALID] } });
      expect(http.cookies.has('backline_session')).toBe(false);
      const late = await http.post('/auth/two-factor-challenge', { code: totpCode(secret, now()) });
      expect(late.status).toBe(422);
      expect(late.data).toMatchObject({ errors: { code: [EXPIRED] } });
    });

    it('never lock the owner out: 5 wrong codes in an attacker’s challenge leave the owner’s fresh login working (two-factor lockout)', async () => {
      const { secret } = await enrolled('lockout@example.com');
      // The attacker holds the password and burns codes in challenges of their own, twice over.
      for (let round = 0; round < 2; round++) {
        const attacker = await challenged('lockout@example.com');
        for (let i = 0; i < 5; i++)
          expect((await attacker.post('/auth/two-factor-challenge', { code: wrong(secret) })).status).toBe(
            422,
          );
      }
      // The owner logs in afresh, within the same minute, and the right code works.
      const owner = await challenged('lockout@example.com');
      const answer = await owner.post('/auth/two-factor-challenge', { code: totpCode(secret, now()) });
      expect(answer.status).toBe(200);
      expect(await currentUser(owner)).toMatchObject({ email: 'lockout@example.com' });
    });
  });

  describe('the challenge', () => {
    it('belongs to the browser that passed the password', async () => {
      const { secret } = await enrolled('bound@example.com');
      const victim = await challenged('bound@example.com');
      const other = new HttpSession(server.url);
      await other.get('/api/v1/health');
      const stranger = await other.post('/auth/two-factor-challenge', { code: totpCode(secret, now()) });
      expect(stranger.status).toBe(422);
      expect(stranger.data).toMatchObject({ errors: { code: [EXPIRED] } });
      expect(
        (await victim.post('/auth/two-factor-challenge', { code: totpCode(secret, now()) })).status,
      ).toBe(200);
    });

    it('expires after 10 minutes', async () => {
      const { secret } = await enrolled('slow@example.com');
      const http = await challenged('slow@example.com');
      offset += 11 * 60_000;
      const late = await http.post('/auth/two-factor-challenge', { code: totpCode(secret, now()) });
      expect(late.status).toBe(422);
      expect(late.data).toMatchObject({ errors: { code: [EXPIRED] } });
    });

    it('rotates the session id on completion; the pending id opens nothing afterwards', async () => {
      const { secret } = await enrolled('rotation@example.com');
      const http = await challenged('rotation@example.com');
      const pending = http.cookies.get('backline_session')!;
      expect((await http.post('/auth/two-factor-challenge', { code: totpCode(secret, now()) })).status).toBe(
        200,
      );
      const final = http.cookies.get('backline_session')!;
      expect(final).not.toBe(pending);
      const replay = new HttpSession(server.url);
      replay.cookies.set('backline_session', pending);
      expect(await currentUser(replay)).toBeNull();
      expect(await currentUser(http)).toMatchObject({ email: 'rotation@example.com' });
    });
  });

  it('keeps the secret and recovery codes encrypted at rest, bound to their row', async () => {
    const { secret, codes } = await enrolled('at-rest@example.com');
    const row = await server.app.kit.knex('users').where({ email: 'at-rest@example.com' }).first();
    expect(row.two_factor_secret).toMatch(/^v1\./);
    expect(row.two_factor_secret).not.toContain(secret);
    expect(row.two_factor_recovery_codes).not.toContain(codes[0]);
    // Copied onto another user, the ciphertext does not decrypt.
    const other = await createTestUser(server.app, { email: 'copy@example.com', password: PASSWORD });
    const forged = Object.assign(new User(), { ...other, two_factor_secret: row.two_factor_secret });
    expect(() => readSecret(server.app.kit, forged)).toThrow();
  });
});

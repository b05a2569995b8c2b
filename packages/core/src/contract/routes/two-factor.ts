import * as z from 'zod/mini';
import { RECOVERY_CODE_LENGTH, TWO_FACTOR_CODE_LENGTH } from '../constants';
import { route } from '../route';
import { BootstrapAnswer } from '../schemas/bootstrap';
import { UserAnswer } from '../schemas/user';

/** A code from an authenticator app: six digits. */
export const codeField = z
  .string({ error: 'The code field must be a string.' })
  .check(z.regex(new RegExp(`^\\d{${TWO_FACTOR_CODE_LENGTH}}$`), 'The code field must be 6 digits.'));

/** A recovery code: exactly 21 characters. */
export const recoveryCodeField = z
  .string({ error: 'The recovery code field must be a string.' })
  .check(
    z.length(RECOVERY_CODE_LENGTH, `The recovery code field must be ${RECOVERY_CODE_LENGTH} characters.`),
  );

/** The challenge's body: a code, or a recovery code when the authenticator is lost. */
export const ChallengeBody = z
  .object({ code: z.optional(codeField), recovery_code: z.optional(recoveryCodeField) })
  .check(
    z.superRefine((value, ctx) => {
      if (!value.code && !value.recovery_code)
        ctx.issues.push({
          code: 'custom',
          path: ['code'],
          message: 'The code field is required.',
          input: value.code,
        });
    }),
  );

/**
 * `POST auth/two-factor-challenge`: finishes a login that asked for the second factor. Five wrong codes end the
 * pending login; the answer is the signed-in user's bootstrap data.
 */
export const challenge = route({
  method: 'POST',
  path: 'auth/two-factor-challenge',
  tag: 'two-factor',
  summary: 'Finish a login with a TOTP code or a recovery code',
  body: ChallengeBody,
  response: BootstrapAnswer,
  rateLimited: true,
  token: false,
});

/**
 * The routes below change or reveal a second factor, so each needs a password confirmed within the last 9000
 * seconds (423 otherwise), and none accepts an API token.
 */
export const enable = route({
  method: 'POST',
  path: 'auth/user/two-factor-authentication',
  tag: 'two-factor',
  summary: 'Enable two-factor: a new secret and recovery codes, pending confirmation',
  auth: true,
  response: UserAnswer,
  errors: [423],
  token: false,
});

/** `DELETE auth/user/two-factor-authentication`. */
export const disable = route({
  method: 'DELETE',
  path: 'auth/user/two-factor-authentication',
  tag: 'two-factor',
  summary: 'Disable two-factor',
  auth: true,
  response: UserAnswer,
  errors: [423],
  token: false,
});

/** `GET auth/user/two-factor/qr-code`: the QR code (SVG markup) and the setup key, never cached. */
export const qrCode = route({
  method: 'GET',
  path: 'auth/user/two-factor/qr-code',
  tag: 'two-factor',
  summary: 'The QR code (SVG) and setup key for an authenticator app',
  auth: true,
  response: z.object({ svg: z.string(), secret: z.string() }),
  errors: [404, 423],
  token: false,
});

/** `POST auth/user/confirmed-two-factor-authentication`: turns two-factor on with a first code. */
export const confirm = route({
  method: 'POST',
  path: 'auth/user/confirmed-two-factor-authentication',
  tag: 'two-factor',
  summary: 'Confirm two-factor with a code from the authenticator app',
  auth: true,
  body: z.object({ code: codeField }),
  response: UserAnswer,
  errors: [423],
  rateLimited: true,
  token: false,
});

/** `POST auth/user/two-factor-recovery-codes`: replaces the recovery codes with 8 new ones. */
export const regenerateRecoveryCodes = route({
  method: 'POST',
  path: 'auth/user/two-factor-recovery-codes',
  tag: 'two-factor',
  summary: 'Replace the recovery codes with 8 new ones',
  auth: true,
  response: UserAnswer,
  errors: [404, 423],
  token: false,
});

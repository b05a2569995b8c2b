import * as z from 'zod/mini';
import { emailField, newPasswordField, passwordField, requiredString, withConfirmation } from '../fields';
import { route } from '../route';
import { MessageAnswer } from '../schemas/common';

/** `POST auth/forgot-password`: the same answer whether or not the address has an account. */
export const forgot = route({
  method: 'POST',
  path: 'auth/forgot-password',
  tag: 'passwords',
  summary: 'Mail a password reset link',
  body: z.object({ email: emailField }),
  response: MessageAnswer,
  rateLimited: true,
  token: false,
});

/** The reset form's body: the mailed token, the address and the new password twice. */
export const ResetPasswordBody = withConfirmation(
  z.object({
    token: requiredString('token').check(z.maxLength(256)),
    email: emailField,
    password: newPasswordField(),
    password_confirmation: requiredString('password_confirmation'),
  }),
);

/** `POST auth/reset-password`: sets a new password with a mailed token (single use, 60 minutes). */
export const reset = route({
  method: 'POST',
  path: 'auth/reset-password',
  tag: 'passwords',
  summary: 'Set a new password with a mailed token',
  body: ResetPasswordBody,
  response: MessageAnswer,
  token: false,
});

/** The change-password form's body. */
export const ChangePasswordBody = withConfirmation(
  z.object({
    current_password: passwordField('current_password'),
    password: newPasswordField(),
    password_confirmation: requiredString('password_confirmation'),
  }),
);

/** `PUT auth/user/password`: changes the password and ends the user's other sessions. */
export const change = route({
  method: 'PUT',
  path: 'auth/user/password',
  tag: 'passwords',
  summary: "Change the signed-in user's password; ends their other sessions",
  auth: true,
  body: ChangePasswordBody,
  response: MessageAnswer,
  rateLimited: true,
  token: false,
});

/** How long a password confirmation opens sensitive actions for, in seconds. */
export const PASSWORD_CONFIRMATION_SECONDS = 9000;

/** `GET auth/user/confirmed-password-status?seconds=`: whether the password was confirmed that recently. */
export const confirmedStatus = route({
  method: 'GET',
  path: 'auth/user/confirmed-password-status',
  tag: 'passwords',
  summary: 'Whether the password was confirmed within `seconds` (at most 9000)',
  auth: true,
  query: z.object({
    seconds: z.optional(
      z.pipe(
        z.union([z.string(), z.number()], { error: 'The seconds field must be a number.' }),
        z.pipe(
          z.transform((value: string | number) => Number(value)),
          z
            .number({ error: 'The seconds field must be a number.' })
            .check(
              z.int('The seconds field must be an integer.'),
              z.gte(0, 'The seconds field must be at least 0.'),
            ),
        ),
      ),
    ),
  }),
  response: z.object({ confirmed: z.boolean() }),
});

/** `POST auth/user/confirm-password`: opens the 9000-second window for sensitive actions. */
export const confirm = route({
  method: 'POST',
  path: 'auth/user/confirm-password',
  tag: 'passwords',
  summary: 'Confirm the password, opening the 9000-second window for sensitive actions',
  auth: true,
  body: z.object({ password: passwordField() }),
  response: z.object({ confirmed: z.literal(true) }),
  rateLimited: true,
  token: false,
});

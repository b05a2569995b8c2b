import * as z from 'zod/mini';
import {
  booleanish,
  emailField,
  newPasswordField,
  passwordField,
  requiredString,
  withConfirmation,
} from '../fields';
import { route } from '../route';
import { BootstrapAnswer, EncodedBootstrap } from '../schemas/bootstrap';

/** A registration policy (terms, privacy…) from the `registration.policies` setting: one required checkbox. */
export const RegistrationPolicy = z.object({
  id: z.union([z.string(), z.number()]),
  label: z.optional(z.string()),
  name: z.optional(z.string()),
  /** A URL or path where the policy can be read. */
  action: z.optional(z.string()),
});
export type RegistrationPolicy = z.infer<typeof RegistrationPolicy>;

/** What a registration answers: signed in at once, or told to verify the address first. */
export const RegisterAnswer = z.object({
  status: z.enum(['success', 'needs_email_verification']),
  message: z.optional(z.string()),
  bootstrapData: EncodedBootstrap,
});

/**
 * `POST auth/register`. Besides the fields below, the body carries one boolean per registration policy id and
 * the human check's token; those are checked against the current settings, so the schema lets them through.
 */
export const register = route({
  method: 'POST',
  path: 'auth/register',
  tag: 'auth',
  summary: 'Create an account',
  body: withConfirmation(
    z.catchall(
      z.object({
        email: emailField,
        password: newPasswordField(),
        password_confirmation: requiredString('password_confirmation'),
        recaptcha_token: z.optional(z.string()),
      }),
      z.unknown(),
    ),
  ),
  response: RegisterAnswer,
  errors: [403],
  rateLimited: true,
  token: false,
});

/** A login answers the new bootstrap data, or asks for the second factor. */
export const LoginAnswer = z.union([BootstrapAnswer, z.object({ two_factor: z.literal(true) })]);

/** `POST auth/login`. */
export const login = route({
  method: 'POST',
  path: 'auth/login',
  tag: 'auth',
  summary: 'Log in with email and password',
  body: z.object({
    email: emailField,
    password: passwordField(),
    remember: z._default(z.optional(booleanish), false),
  }),
  response: LoginAnswer,
  rateLimited: true,
  token: false,
});

/** `POST auth/logout`: ends this browser's session and answers the visitor's bootstrap data. */
export const logout = route({
  method: 'POST',
  path: 'auth/logout',
  tag: 'auth',
  summary: "End this browser's session",
  response: BootstrapAnswer,
  token: false,
});

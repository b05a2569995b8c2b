import type { AnswerOf, auth, BodyOf } from '@backline/core/contract';

/** A registration policy (terms, privacy…) from the `registration.policies` setting. */
export type RegistrationPolicy = auth.RegistrationPolicy;

/** `POST auth/register`: email, password, its confirmation, and one boolean per policy id. */
export type RegisterPayload = BodyOf<typeof auth.register>;

/** The answer of `POST auth/register`. */
export type RegisterResponse = AnswerOf<typeof auth.register>;

/** `POST auth/login`. */
export type LoginPayload = BodyOf<typeof auth.login>;

/** The answer of `POST auth/login`: bootstrap data, or a request for the second factor. */
export type LoginResponse = AnswerOf<typeof auth.login>;

/** `POST auth/two-factor-challenge`: a code from the authenticator app, or a recovery code. */
export type TwoFactorPayload = { code: string } | { recovery_code: string };

/** `POST auth/forgot-password`. */
export interface ForgotPasswordPayload {
  email: string;
}

/** `POST auth/reset-password`. */
export interface ResetPasswordPayload {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}

/** An answer that carries a message for the user (forgot and reset password). */
export interface MessageResponse {
  message?: string;
}

import type { BootstrapAnswer } from '@backline/core';

/** A registration policy (terms, privacy…) from the `registration.policies` setting. */
export interface RegistrationPolicy {
  id: string | number;
  label?: string;
  name?: string;
  /** A URL or path where the policy can be read. */
  action?: string;
}

/** `POST auth/register`: email, password, its confirmation, and one boolean per policy id. */
export interface RegisterPayload {
  email: string;
  password: string;
  password_confirmation: string;
  [policyId: string]: string | boolean;
}

/** The answer of `POST auth/register`. */
export interface RegisterResponse extends BootstrapAnswer {
  status: 'success' | 'needs_email_verification' | (string & {});
  message?: string;
}

/** `POST auth/login`. */
export interface LoginPayload {
  email: string;
  password: string;
  remember: boolean;
}

/** The answer of `POST auth/login`: bootstrap data, or a request for the second factor. */
export interface LoginResponse extends BootstrapAnswer {
  two_factor?: boolean;
}

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

import type { AnswerOf, auth, BodyOf, passwords, social, twoFactor } from '@backline/core/contract';

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
export type TwoFactorPayload = BodyOf<typeof twoFactor.challenge>;

/** `POST auth/forgot-password`. */
export type ForgotPasswordPayload = BodyOf<typeof passwords.forgot>;

/** `POST auth/reset-password`. */
export type ResetPasswordPayload = BodyOf<typeof passwords.reset>;

/** An answer that carries a message for the user (forgot and reset password). */
export type MessageResponse = AnswerOf<typeof passwords.forgot>;

/**
 * What a social sign-in ends with: `POST secure/auth/social/connect`'s answer (bootstrap data, or a two-factor
 * challenge), or the popup's callback data, which carries the same.
 */
export type SocialConnectAnswer = AnswerOf<typeof social.connect> | social.SocialCallbackData;

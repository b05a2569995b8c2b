/**
 * Every line @backline/auth translates, as i18next keys (the English text; `:name` placeholders). Seed
 * translations from it. Lines quoted by the spec appear here verbatim.
 */
export const AUTH_STRINGS = [
  // Verify-your-email screen
  'Verify your email',
  "We've sent an email to “:email“ to verify your email address and activate your account. The link in the the email will expire in 24 hours.",
  'If you did not receive an email, click the button below and we will send you another one.',
  'Resend email',
  'Email sent',
  // Register
  'Create a new account',
  "First, let's create your account",
  'To join your team on :siteName, create an account',
  'Email',
  'Password',
  'Confirm password',
  'I accept the :name',
  'Create account',
  'Already have an account? Sign in.',
  'Sign in',
  // Login
  'Sign in to your account',
  'To join your team on :siteName, login to your account',
  'Stay signed in for a month',
  'Forgot your password',
  'Continue',
  "Don't have an account? Sign up.",
  'Sign up',
  // Two-factor challenge
  'Two-factor authentication',
  'Confirm access to your account by entering the authentication code provided by your authenticator application.',
  'Confirm access to your account by entering one of your emergency recovery codes.',
  'Code',
  'Recovery code',
  'Use recovery code instead',
  'Use authentication code instead',
  // Forgot and reset password
  'Forgot your password?',
  'Enter the email address of your account and we will send you a link to reset your password.',
  'Reset your password',
  'New password',
  'Confirm new password',
  'Reset password',
  'Your password has been reset!',
  // Validation (spec accounts §5)
  'This field is required.',
  'Enter a valid email address.',
  'The passwords do not match.',
  'You must accept the :name.',
  'The code must be 6 characters.',
  'The recovery code must be 21 characters.',
  // Social sign-in
  'Or continue with',
  'Continue with :service',
  'Password required',
  'An account with this email address already exists. If you want to connect the two accounts, enter the existing account password.',
  'Cancel',
  'Connect',
  'An error occurred. Please try again later',
  // Social sign-in: the server's messages
  'This sign-in attempt has expired or was already used. Please try again.',
  'This sign-in attempt could not be verified. Please try again.',
  'Could not sign in with :service. Please try again.',
  'Sign in with :service was cancelled or refused.',
  'Your :service account did not share a verified email address.',
  ':service sign-in is not enabled.',
  'Registration is disabled.',
  'This :service account is already connected to another user.',
  'There is no social account waiting to be connected. Please sign in again.',
  'The password is incorrect.',
  // Errors (spec accounts §8)
  "Can't logout while in appearance editor.",
  'Could not verify you are human.',
  'There was an issue. Please try again later.',
] as const;

export type AuthString = (typeof AUTH_STRINGS)[number];

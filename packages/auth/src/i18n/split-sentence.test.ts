import { describe, expect, it } from 'vitest';
import { AUTH_STRINGS } from './auth-strings';
import { splitSentence } from './split-sentence';

describe('a link inside one translated sentence', () => {
  it('splits around the last occurrence of the linked words', () => {
    expect(splitSentence('Already have an account? Sign in.', 'Sign in')).toEqual({
      before: 'Already have an account? ',
      part: 'Sign in',
      after: '.',
    });
    expect(splitSentence('Sign in, or sign in later: Sign in', 'Sign in')?.before).toBe(
      'Sign in, or sign in later: ',
    );
  });

  it('answers null when a translation lost the words, so the whole sentence becomes the link', () => {
    expect(splitSentence('Vous avez déjà un compte ? Connectez-vous.', 'Sign in')).toBeNull();
    expect(splitSentence('Anything', '')).toBeNull();
  });

  it('keeps the spec lines as keys, verbatim', () => {
    for (const line of [
      'Create a new account',
      "First, let's create your account",
      'To join your team on :siteName, create an account',
      'I accept the :name',
      'Create account',
      'Already have an account? Sign in.',
      'Stay signed in for a month',
      'Forgot your password',
      'Continue',
      'Sign up',
      'To join your team on :siteName, login to your account',
      'Use recovery code instead',
      'Your password has been reset!',
      "Can't logout while in appearance editor.",
      'Could not verify you are human.',
    ])
      expect(AUTH_STRINGS).toContain(line);
  });
});

import { HttpError } from '@backline/core';
import { describe, expect, it } from 'vitest';
import { formFeedback } from './server-errors';

const error = (status: number, body: Record<string, unknown>) =>
  new HttpError({ status, method: 'POST', url: '/auth/login', body });

describe('what a form shows for a failed call (spec accounts §5, §8)', () => {
  it('puts field errors on the fields the form has, and no toast', () => {
    const feedback = formFeedback(
      error(422, {
        message: 'The password field must be at least 8 characters.',
        errors: { password: ['The password field must be at least 8 characters.'], email: 'Taken' },
      }),
      ['email', 'password'],
    );
    expect(feedback).toEqual({
      fieldErrors: { password: 'The password field must be at least 8 characters.', email: 'Taken' },
      toast: undefined,
    });
  });

  it('toasts the server message when no error fits a field of this form', () => {
    const feedback = formFeedback(
      error(422, { message: 'This password reset token is invalid.', errors: { token: ['Invalid.'] } }),
      ['email', 'password'],
    );
    expect(feedback.fieldErrors).toEqual({});
    expect(feedback.toast?.message).toBe('This password reset token is invalid.');
  });

  it('toasts the foreign field error when the server sent no message', () => {
    const feedback = formFeedback(error(422, { errors: { token: ['Invalid token.'] } }), ['email']);
    expect(feedback.toast?.message).toBe('Invalid token.');
  });

  it('toasts the server message of an answer without field errors, with its action', () => {
    const feedback = formFeedback(
      error(403, { message: 'Registration is disabled.', action: { label: 'Log in', action: '/login' } }),
      ['email'],
    );
    expect(feedback.toast).toEqual({
      message: 'Registration is disabled.',
      action: { label: 'Log in', action: '/login' },
    });
  });

  it('falls back to the generic line, translated', () => {
    const network = new HttpError({ status: 0, method: 'POST', url: '/auth/login' });
    expect(formFeedback(network, ['email'], (line) => `«${line}»`).toast?.message).toBe(
      '«There was an issue. Please try again later.»',
    );
    expect(formFeedback(new Error('boom'), ['email']).toast?.message).toBe(
      'There was an issue. Please try again later.',
    );
  });
});

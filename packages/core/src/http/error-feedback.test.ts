import type { RunningServer } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserLikeClient, startEchoServer } from '../test-support/test-server';
import { DEFAULT_ERROR_MESSAGE, errorFeedback, errorMessage } from './error-feedback';

let server: RunningServer;
beforeAll(async () => {
  server = await startEchoServer();
});
afterAll(() => server?.close());

/** The error a real failed call produces. */
async function failure(method: 'GET' | 'POST', path: string, params = {}): Promise<unknown> {
  const { http } = browserLikeClient(server, { retries: 0 });
  await http.get('echo'); // the page load that sets the XSRF cookie
  return http.request(method, path, { params, data: method === 'POST' ? {} : undefined }).then(
    () => {
      throw new Error(`${path} did not fail`);
    },
    (error: unknown) => error,
  );
}

describe('error feedback', () => {
  it('puts field errors on their fields and focuses the first one, with no toast', async () => {
    const feedback = errorFeedback(await failure('POST', 'validation'));
    expect(feedback.fieldErrors).toEqual({ email: 'The email field is required.', password: 'Too short.' });
    expect(feedback.firstField).toBe('email');
    expect(feedback.toast).toBeUndefined();
  });

  it("shows the server's message in a toast, with the response's action", async () => {
    const feedback = errorFeedback(await failure('POST', 'upgrade-required'));
    expect(feedback.fieldErrors).toEqual({});
    expect(feedback.firstField).toBeUndefined();
    expect(feedback.toast).toEqual({
      message: 'Upgrade to upload more tracks.',
      action: { label: 'Upgrade', action: '/pricing' },
    });
  });

  it('falls back to the generic message when the server sent none', async () => {
    // A network failure never reaches a server, so there is no message to show.
    const error = await failure('GET', 'flaky/feedback-network', { fail: 10, mode: 'network' });
    expect(errorFeedback(error).toast).toEqual({
      message: 'There was an issue. Please try again later.',
      action: undefined,
    });
    expect(errorFeedback(new Error('TypeError: x is undefined')).toast?.message).toBe(DEFAULT_ERROR_MESSAGE);
  });

  it('translates the fallback, and never the server message', async () => {
    const translate = (key: string) => `[fr] ${key}`;
    expect(errorFeedback(null, { translate }).toast?.message).toBe(`[fr] ${DEFAULT_ERROR_MESSAGE}`);
    const fromServer = errorFeedback(await failure('POST', 'upgrade-required'), { translate });
    expect(fromServer.toast?.message).toBe('Upgrade to upload more tracks.');
  });

  it("shows a named field's error as the toast when a field is asked for", async () => {
    const error = await failure('POST', 'validation');
    expect(errorFeedback(error, { field: 'password' }).toast?.message).toBe('Too short.');
    expect(errorMessage(error, 'password')).toBe('Too short.');
    // A field the server did not name falls back to the server's message.
    expect(errorMessage(error, 'avatar')).toBe('The email field is required.');
  });

  it('shows the generic text the server sends for its own failures', async () => {
    const feedback = errorFeedback(await failure('GET', 'boom'));
    expect(feedback.toast?.message).toBe('There was an issue. Please try again later.');
  });

  it('reads a plain error body too (a stored answer, another client)', () => {
    const feedback = errorFeedback({ body: { message: 'Nope', errors: { name: 'Taken' } } });
    expect(feedback.fieldErrors).toEqual({ name: 'Taken' });
  });
});

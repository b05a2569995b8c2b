import { describe, expect, expectTypeOf, it } from 'vitest';
import { safeParse } from 'zod/v4/core';
import type { HttpClient } from '../../http/http-client';
import type { AnswerOf, BodyOf, CallInput } from '../route';
import type { Session } from '../schemas/session';
import * as accessTokens from './access-tokens';
import * as account from './account';
import * as passwords from './passwords';
import * as sessions from './sessions';
import * as twoFactor from './two-factor';

/**
 * Type tests for account routes: each `@ts-expect-error` line must fail to compile (the type check fails if it
 * compiles), and each `expectTypeOf` pins an inferred type. The functions are never called: the compiler is the
 * test runner here, the runtime assertions below prove the same schemas refuse the same payloads.
 */
const typeOnly = (http: HttpClient) => {
  // The id is `me` or a number (or its digits, as a path carries them), never a boolean or an object.
  // @ts-expect-error `id: true` is not a user id
  void http.call(account.update, { params: { id: true }, body: {} });
  // @ts-expect-error the profile field is `first_name`, not `firstName`
  void http.call(account.update, { params: { id: 'me' }, body: { firstName: 'Ada' } });
  // @ts-expect-error params are required: the route names a user
  void http.call(account.update, { body: { first_name: 'Ada' } });
  void http.call(account.update, { params: { id: 'me' }, body: { first_name: 'Ada' } }).then((answer) => {
    expectTypeOf(answer.user.id).toEqualTypeOf<number>();
    // @ts-expect-error the answer carries `user`, not `account`
    void answer.account;
  });

  // @ts-expect-error the token's name travels as `tokenName`
  void http.call(accessTokens.create, { body: { name: 'CI' } });
  void http.call(accessTokens.create, { body: { tokenName: 'CI' } }).then((answer) => {
    expectTypeOf(answer.plainTextToken).toEqualTypeOf<string>();
    expectTypeOf(answer.token.last_used_at).toEqualTypeOf<string | null>();
  });
  // @ts-expect-error a token id is a number
  void http.call(accessTokens.remove, { params: { id: { value: 1 } } });

  void http.call(sessions.list).then((answer) => {
    expectTypeOf(answer.sessions).toEqualTypeOf<Session[]>();
    // @ts-expect-error sessions say `device_type`, not `device`
    void answer.sessions[0]?.device;
  });
  // @ts-expect-error ending the other sessions needs the password
  void http.call(sessions.logoutOther);

  // @ts-expect-error the confirmation field is `password_confirmation`
  void http.call(passwords.change, { body: { current_password: 'a', password: 'b', confirm: 'b' } });
  void http.call(passwords.confirmedStatus, { query: { seconds: 9000 } }).then((answer) => {
    expectTypeOf(answer.confirmed).toEqualTypeOf<boolean>();
  });

  // @ts-expect-error the challenge takes `code` or `recovery_code`, not `otp`
  void http.call(twoFactor.challenge, { body: { otp: '123456' } });
  void http.call(twoFactor.qrCode).then((answer) => {
    expectTypeOf(answer).toEqualTypeOf<{ svg: string; secret: string }>();
  });
};

describe('account routes of the contract', () => {
  it('type-check payloads and answers (see the @ts-expect-error lines above)', () => {
    expect(typeof typeOnly).toBe('function');
    expectTypeOf<BodyOf<typeof account.update>>().toHaveProperty('timezone');
    expectTypeOf<NonNullable<CallInput<typeof account.destroy>['query']>>().toHaveProperty(
      'deleteCurrentUser',
    );
    expectTypeOf<AnswerOf<typeof account.destroy>>().toEqualTypeOf<{ bootstrapData: string }>();
  });

  it('refuse at run time what the types refuse, with the messages the server answers', () => {
    const update = safeParse(account.update.body, { first_name: 'x'.repeat(101) });
    expect(update.success).toBe(false);
    expect(update.error?.issues[0]?.message).toBe(
      'The first name field must not be greater than 100 characters.',
    );
    expect(safeParse(account.UserParams, { id: 'you' }).error?.issues[0]?.message).toBe('Not found.');
    expect(safeParse(account.UserParams, { id: '12' }).data).toEqual({ id: 12 });
    expect(safeParse(account.UserParams, { id: 'me' }).data).toEqual({ id: 'me' });
    expect(safeParse(accessTokens.create.body, { tokenName: '' }).error?.issues[0]?.message).toBe(
      'The tokenName field is required.',
    );
    const mismatch = safeParse(passwords.change.body, {
      current_password: 'old one',
      password: 'new password',
      password_confirmation: 'other password',
    });
    expect(mismatch.error?.issues.map((issue) => issue.message)).toEqual([
      'The password field confirmation does not match.',
    ]);
    expect(safeParse(twoFactor.challenge.body, {}).error?.issues[0]?.message).toBe(
      'The code field is required.',
    );
    expect(safeParse(twoFactor.challenge.body, { code: '12345' }).error?.issues[0]?.message).toBe(
      'The code field must be 6 digits.',
    );
  });
});

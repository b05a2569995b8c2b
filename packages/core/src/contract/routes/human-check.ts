import * as z from 'zod/mini';
import { route } from '../route';

/** The actions a human check can guard (`recaptcha.enable.{action}`). */
export const HUMAN_CHECK_ACTIONS = ['register', 'contact'] as const;
export type HumanCheckAction = (typeof HUMAN_CHECK_ACTIONS)[number];

/** The failure message both sides show. */
export const HUMAN_CHECK_FAILED = 'Could not verify you are human.';

/**
 * `POST recaptcha/verify`: asks the provider about a widget's token. A pass is remembered in this browser's
 * session for the action (register by default) for five minutes, and used up by that action.
 */
export const verify = route({
  method: 'POST',
  path: 'recaptcha/verify',
  tag: 'human-check',
  summary: 'Verify a human-check token',
  body: z.object({
    token: z
      .string({ error: 'The token field is required.' })
      .check(z.minLength(1, 'The token field is required.')),
    action: z.optional(z.enum(HUMAN_CHECK_ACTIONS)),
  }),
  response: z.object({ success: z.boolean() }),
  rateLimited: true,
});

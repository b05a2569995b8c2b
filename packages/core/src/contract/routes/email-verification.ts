import * as z from 'zod/mini';
import { raw, route } from '../route';
import { MessageAnswer } from '../schemas/common';

/** `POST auth/email/verification-notification`: mails the signed-in user's address a new link. */
export const resend = route({
  method: 'POST',
  path: 'auth/email/verification-notification',
  tag: 'email-verification',
  summary: "Mail the signed-in user's address a new verification link",
  auth: true,
  // The verify screen sends the address it shows; the link always goes to the signed-in user's own address.
  body: z.object({ email: z.optional(z.string().check(z.maxLength(255))) }),
  response: MessageAnswer,
  rateLimited: true,
});

/**
 * `GET auth/email/verify/{token}`: the mailed link. It verifies the address (once, within 24 hours) and
 * redirects to the site with `?email_verified=1`, or `?email_verification=invalid` for a used or expired link.
 */
export const verify = route({
  method: 'GET',
  path: 'auth/email/verify/{token}',
  tag: 'email-verification',
  summary: 'The mailed link: verifies the address, then goes to the site',
  params: z.object({ token: z.string().check(z.minLength(1), z.maxLength(256)) }),
  response: raw('text/html', 'A redirect to the site'),
  status: 302,
});

import * as z from 'zod/mini';
import { boundedString, emailField } from '../fields';
import { route } from '../route';
import { MessageAnswer } from '../schemas/common';

/** Longest contact message accepted. */
export const CONTACT_MESSAGE_MAX = 5000;

/** The contact form's body: name, email and message are required; email must be an address. */
export const ContactBody = z.object({
  name: boundedString('name', 255),
  email: emailField,
  message: boundedString('message', CONTACT_MESSAGE_MAX),
  /** A human-check token, for API clients verifying inline (the site's form verifies first). */
  recaptcha_token: z.optional(z.string().check(z.maxLength(4096))),
});
export type ContactBody = z.infer<typeof ContactBody>;

/**
 * `POST contact-page`: mails the message to the site's contact address with Reply-To set to the sender, and
 * keeps it. The human check for the `contact` purpose must have passed; limited per IP and per address.
 */
export const send = route({
  method: 'POST',
  path: 'contact-page',
  tag: 'contact',
  summary: 'Send a message through the contact form',
  body: ContactBody,
  response: MessageAnswer,
  rateLimited: true,
});

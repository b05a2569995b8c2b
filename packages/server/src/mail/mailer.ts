import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../kit';

export interface MailOptions {
  /**
   * An SMTP URL (`smtp://user:pass@host:587`, `smtps://…` for implicit TLS). Without one, mail is printed to
   * the server log and kept in the dev outbox, so a fresh install can still sign up and reset passwords.
   */
  url?: string | undefined;
  /** The From header. Defaults to `"<site name>" <no-reply@<host of baseUrl>>`. */
  from?: string | undefined;
  /** How many messages the dev outbox keeps (newest last). */
  outboxSize?: number;
}

/** A message as modules write it: always plain text plus simple HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go (the contact form sets the sender); nodemailer encodes the name safely. */
  replyTo?: string | { name: string; address: string };
  /**
   * An https URL that unsubscribes the recipient on a bare POST (RFC 8058): sent as `List-Unsubscribe` with
   * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, so mail clients offer their own unsubscribe button.
   * The URL must change nothing on GET (scanners open links) and accept the POST without cookies.
   */
  oneClickUnsubscribe?: string;
}

/** A message after it left: what the dev outbox holds. */
export interface SentMail extends MailMessage {
  from: string;
  /** Every http(s) link of the text part, in order, for the log and for tests. */
  links: string[];
  sentAt: Date;
}

/** Sends mail over SMTP, or into the log and the in-memory dev outbox. */
export interface Mailer {
  readonly transport: 'smtp' | 'log';
  send(message: MailMessage): Promise<SentMail>;
  /** Messages the log transport kept; always empty with SMTP. */
  readonly outbox: SentMail[];
  close(): void;
}

/** Extracts http(s) links from plain text; trailing punctuation is not part of a link. */
export function extractLinks(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((m) => m[0].replace(/[.,;:!?]+$/, ''));
}

/** `"Name" <address>`; the name loses quotes and line breaks so it cannot forge headers. */
function formatFrom(name: string, address: string): string {
  return `"${name.replace(/["\\\r\n]/g, '')}" <${address.replace(/[<>\r\n\s]/g, '')}>`;
}

/** `"Site name" <no-reply@host>`. */
function defaultFrom(siteName: string, baseUrl: string | undefined): string {
  const host = baseUrl ? new URL(baseUrl).hostname : 'localhost';
  return formatFrom(siteName, `no-reply@${host}`);
}

/** Creates the kit's mailer. The site name is read on every send, so a renamed site is used at once. */
export function createMailer(
  options: MailOptions,
  context: {
    log: Logger;
    siteName: () => Promise<string>;
    baseUrl?: string | undefined;
    /** The admin's `mail.from_name` / `mail.from_address` settings, read on every send; an address wins. */
    sender?: () => Promise<{ name: string; address: string }>;
  },
): Mailer {
  const outbox: SentMail[] = [];
  const outboxSize = options.outboxSize ?? 50;
  let transporter: Transporter | undefined;
  if (options.url) transporter = nodemailer.createTransport(options.url);

  return {
    transport: transporter ? 'smtp' : 'log',
    outbox,
    async send(message) {
      const sender = await context.sender?.();
      const from = sender?.address
        ? formatFrom(sender.name || (await context.siteName()), sender.address)
        : (options.from ?? defaultFrom(await context.siteName(), context.baseUrl));
      const sent: SentMail = { ...message, from, links: extractLinks(message.text), sentAt: new Date() };
      if (transporter) {
        await transporter.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.replyTo && { replyTo: message.replyTo }),
          ...(message.oneClickUnsubscribe && {
            // nodemailer writes `List-Unsubscribe: <url>`; RFC 8058 asks for the Post header beside it.
            list: { unsubscribe: message.oneClickUnsubscribe },
            headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          }),
        });
        return sent;
      }
      outbox.push(sent);
      if (outbox.length > outboxSize) outbox.splice(0, outbox.length - outboxSize);
      context.log.info(
        [`Mail to ${message.to}: ${message.subject} (no MAIL_URL set, so it was not sent)`, message.text]
          .join('\n')
          .replace(/\n/g, '\n    '),
      );
      return sent;
    },
    close() {
      transporter?.close();
    },
  };
}

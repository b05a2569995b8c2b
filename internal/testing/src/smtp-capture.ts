import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { TIMEOUTS } from './timeouts';

/** A message as the SMTP server received it, parsed from the raw MIME by postal-mime. */
export interface CapturedMail {
  from: string;
  /** Envelope recipients. */
  to: string[];
  subject: string;
  /** The Reply-To address, when the message has one. */
  replyTo: string | null;
  text: string;
  html: string;
  /** The http(s) links of the text part, in order. */
  links: string[];
  /** The message's header fields by lowercase name (the last one of a repeated name), unfolded. */
  headers: Record<string, string>;
  raw: string;
}

export interface SmtpCapture {
  /** `smtp://127.0.0.1:<port>`: hand it to the server as `mail.url`. */
  url: string;
  messages: CapturedMail[];
  /** Resolves with the first message (already received or yet to come) matching `predicate`. */
  waitFor(predicate: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  /** Messages for one recipient. */
  to(address: string): CapturedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free loopback port that keeps every message it receives. The app under test sends
 * to it over SMTP exactly as it would to a real relay; tests read the parsed message and follow its links.
 */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const listeners = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no STARTTLS offer, so nodemailer does not try to upgrade to a self-signed cert.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        try {
          const raw = Buffer.concat(chunks).toString('utf8');
          const parsed = await PostalMime.parse(raw);
          const text = parsed.text ?? '';
          messages.push({
            from: parsed.from?.address ?? '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: parsed.subject ?? '',
            replyTo: parsed.replyTo?.[0]?.address ?? null,
            text,
            html: parsed.html ?? '',
            links: [...text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((m) => m[0].replace(/[.,;:!?]+$/, '')),
            headers: Object.fromEntries(
              parsed.headers.map((header) => [
                header.key.toLowerCase(),
                header.value.replace(/\r?\n(?=[ \t])/g, ''),
              ]),
            ),
            raw,
          });
          for (const listener of listeners) listener();
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to: (address) => messages.filter((mail) => mail.to.includes(address)),
    waitFor(predicate, timeoutMs = TIMEOUTS.poll) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (!found) return false;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`No matching mail within ${timeoutMs} ms (received ${messages.length})`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

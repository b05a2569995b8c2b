import { type SmtpCapture, startSmtpCapture } from '@internal/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, extractLinks } from './mailer';
import { renderActionMail } from './templates';

describe('mail', () => {
  const content = renderActionMail({
    siteName: 'Night <Owl> "Radio"',
    subject: 'Reset your password',
    lines: ['You asked for a new password.'],
    action: { label: 'Reset password', url: 'https://example.test/password/reset/abc?email=a%40b.c' },
    outro: ['Ignore this if it was not you.'],
  });

  it('renders plain text and escaped HTML with the site name and the link', () => {
    expect(content.text).toContain('Reset password: https://example.test/password/reset/abc?email=a%40b.c');
    expect(content.text).toContain('— Night <Owl> "Radio"');
    expect(content.html).toContain('Night &lt;Owl&gt; &quot;Radio&quot;');
    expect(content.html).not.toContain('<Owl>');
    expect(content.html).toContain('href="https://example.test/password/reset/abc?email=a%40b.c"');
    expect(extractLinks(`${content.text}.`)).toEqual([
      'https://example.test/password/reset/abc?email=a%40b.c',
    ]);
  });

  describe('over SMTP', () => {
    let smtp: SmtpCapture;
    beforeAll(async () => {
      smtp = await startSmtpCapture();
    });
    afterAll(() => smtp?.close());

    it('delivers text and HTML from the site name, to a real SMTP server', async () => {
      const mailer = createMailer(
        { url: smtp.url },
        {
          log: { info() {}, warn() {}, error() {} },
          siteName: async () => 'Night "Owl"\r\nBcc: x@evil.test',
          baseUrl: 'https://radio.example.test',
        },
      );
      expect(mailer.transport).toBe('smtp');
      await mailer.send({ to: 'listener@example.com', ...content });
      const mail = await smtp.waitFor((m) => m.to.includes('listener@example.com'));
      expect(mail.from).toBe('no-reply@radio.example.test');
      expect(mail.raw).toMatch(/^From: "Night Owl ?Bcc: x@evil.test" <no-reply@radio.example.test>/m);
      expect(mail.raw).not.toMatch(/^Bcc:/m);
      expect(mail.subject).toBe('Reset your password');
      expect(mail.text).toContain('You asked for a new password.');
      expect(mail.html).toContain('<a href="https://example.test/password/reset/abc?email=a%40b.c"');
      expect(mail.links).toEqual(['https://example.test/password/reset/abc?email=a%40b.c']);
      expect(mailer.outbox).toEqual([]);
      mailer.close();
    });
  });

  it('without a URL, prints the message and its links to the log and keeps it in the dev outbox', async () => {
    const lines: string[] = [];
    const mailer = createMailer(
      { outboxSize: 2 },
      { log: { info: (m) => lines.push(m), warn() {}, error() {} }, siteName: async () => 'Backline' },
    );
    expect(mailer.transport).toBe('log');
    for (const to of ['a@example.com', 'b@example.com', 'c@example.com'])
      await mailer.send({ to, ...content });
    expect(mailer.outbox.map((m) => m.to)).toEqual(['b@example.com', 'c@example.com']);
    expect(mailer.outbox[1]).toMatchObject({
      from: '"Backline" <no-reply@localhost>',
      links: ['https://example.test/password/reset/abc?email=a%40b.c'],
    });
    expect(lines[2]).toContain('Mail to c@example.com: Reset your password');
    expect(lines[2]).toContain('https://example.test/password/reset/abc?email=a%40b.c');
  });
});

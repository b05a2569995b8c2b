/** The parts of a transactional message: a few lines, one button, a closing note. */
export interface ActionMail {
  siteName: string;
  subject: string;
  lines: string[];
  action?: { label: string; url: string };
  /** Lines after the button, such as "If you did not ask for this, ignore this message." */
  outro?: string[];
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * Renders a transactional message as plain text plus simple, inline-styled HTML. Every value is escaped, so a
 * site name or address can never inject markup into the message.
 */
export function renderActionMail(mail: ActionMail): { subject: string; text: string; html: string } {
  const text = [
    ...mail.lines,
    ...(mail.action ? ['', `${mail.action.label}: ${mail.action.url}`] : []),
    ...(mail.outro?.length ? ['', ...mail.outro] : []),
    '',
    `— ${mail.siteName}`,
  ].join('\n');
  const paragraph = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const button = mail.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(mail.action.url)}" style="background:#5b3fd9;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(mail.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#545b66">${escapeHtml('If the button does not work, open this link:')} <a href="${escapeHtml(mail.action.url)}">${escapeHtml(mail.action.url)}</a></p>`
    : '';
  const html = [
    '<!doctype html><html><body style="margin:0;padding:24px;background:#f4f5f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#14161a">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">',
    `<h1 style="margin:0 0 24px;font-size:20px">${escapeHtml(mail.siteName)}</h1>`,
    ...mail.lines.map(paragraph),
    button,
    ...(mail.outro ?? []).map(paragraph),
    '</div></body></html>',
  ].join('');
  return { subject: mail.subject, text, html };
}

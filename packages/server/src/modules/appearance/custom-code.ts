import { appearance } from '@backline/core/contract';

const { CUSTOM_CODE_ID } = appearance;

/**
 * The site owner's custom CSS and HTML as page parts: a `<style>` with the custom-code id before `</head>` and a
 * `<div>` with the same id before `</body>`; nothing for an empty value. The site's CSP allows only nonced scripts,
 * so each `<script` in the custom HTML gets the page's nonce: custom HTML is the admin's own code and runs with the
 * site's origin by design (docs/security.md), without opening the CSP to inline scripts for everyone.
 */
export function customCodeHtml(
  code: { css?: string | null; html?: string | null },
  nonce: string | undefined,
): { head?: string; body?: string } {
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : '';
  const parts: { head?: string; body?: string } = {};
  const css = code.css?.trim() ? code.css : '';
  const html = code.html?.trim() ? code.html : '';
  // `</style` would end the element early; CSS reads `<\/style` the same way inside strings and comments.
  if (css)
    parts.head = `<style id="${CUSTOM_CODE_ID}"${nonceAttribute}>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  if (html) {
    const withNonce = nonce ? html.replace(/<script\b/gi, `<script${nonceAttribute}`) : html;
    parts.body = `<div id="${CUSTOM_CODE_ID}">${withNonce}</div>`;
  }
  return parts;
}

/**
 * The one allow-list for HTML that admins write (custom pages) and the site shows: the server sanitises with it
 * on save and before sending, the browser again before rendering, both with DOMPurify. Plain document markup
 * only: no scripts, event handlers, frames, forms, inline styles or SVG/MathML (the usual mutation-XSS
 * routes), and `javascript:` or `data:` URLs never survive DOMPurify's URI check.
 */
export const SAFE_HTML_CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'style',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'iframe',
    'frame',
    'object',
    'embed',
    'base',
    'link',
    'meta',
  ],
  FORBID_ATTR: ['style', 'srcset', 'formaction', 'ping'],
  ADD_ATTR: ['target'],
  ALLOW_DATA_ATTR: false,
};

/** The `rel` every link that opens elsewhere gets: the new page cannot reach back, nor learn where it came from. */
export const SAFE_LINK_REL = 'noopener noreferrer';

/** The part of a DOM element the hook touches (the browser's DOM, or jsdom's on the server). */
export interface HtmlNode {
  readonly tagName: string;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:|\/\/|\/|#|\?)/i;

/**
 * DOMPurify's `afterSanitizeAttributes` hook for the allow-list above: links that open a new window, or lead off
 * the site, get `rel="noopener noreferrer"` (and a `target` other than `_blank` is dropped); with `baseUri` (the
 * `html_base_uri` setting) relative `href` and `src` values are resolved against it.
 */
export function hardenHtmlNode(node: HtmlNode, baseUri?: string | null): void {
  for (const name of ['href', 'src'] as const) {
    const value = node.getAttribute(name);
    if (value && baseUri && !ABSOLUTE.test(value.trim())) {
      try {
        node.setAttribute(name, new URL(value.trim(), baseUri).toString());
      } catch {
        node.removeAttribute(name);
      }
    }
  }
  if (node.tagName !== 'A') return;
  const target = node.getAttribute('target');
  if (target && target !== '_blank') node.removeAttribute('target');
  const href = node.getAttribute('href') ?? '';
  if (node.getAttribute('target') === '_blank' || /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(href))
    node.setAttribute('rel', SAFE_LINK_REL);
}

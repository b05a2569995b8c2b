import { type HtmlNode, hardenHtmlNode, SAFE_HTML_CONFIG } from '@backline/core';
import createDOMPurify, { type WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';

type Purifier = ReturnType<typeof createDOMPurify>;
let purifier: Purifier | undefined;

/** One DOMPurify over one jsdom window, made on first use (jsdom costs a few MB and ~100 ms to start). */
function purify(): Purifier {
  purifier ??= createDOMPurify(
    new JSDOM('<!doctype html><html><body></body></html>').window as unknown as WindowLike,
  );
  return purifier;
}

/**
 * Sanitises admin-written HTML with DOMPurify and the allow-list the browser uses too (`SAFE_HTML_CONFIG`):
 * scripts, handlers, frames, forms and inline styles go; links that open elsewhere get a safe `rel`; with
 * `baseUri` (the `html_base_uri` setting) relative links and images resolve against it.
 */
export function sanitizeHtml(html: string, options: { baseUri?: string | null } = {}): string {
  const instance = purify();
  // Sanitising is synchronous, so adding the hook for this call and removing it after cannot leak into another.
  instance.addHook('afterSanitizeAttributes', (node) =>
    hardenHtmlNode(node as unknown as HtmlNode, options.baseUri),
  );
  try {
    return String(instance.sanitize(html, { ...SAFE_HTML_CONFIG, RETURN_TRUSTED_TYPE: false }));
  } finally {
    instance.removeHook('afterSanitizeAttributes');
  }
}

import { type HtmlNode, hardenHtmlNode, SAFE_HTML_CONFIG } from '@backline/core';
import DOMPurify from 'dompurify';

/**
 * Sanitises admin-written HTML in the browser with the allow-list the server used on save (`SAFE_HTML_CONFIG`),
 * so a page body that reached the database some other way still cannot run script here.
 */
export function safeHtml(html: string, baseUri?: string | null): string {
  DOMPurify.addHook('afterSanitizeAttributes', (node) =>
    hardenHtmlNode(node as unknown as HtmlNode, baseUri),
  );
  try {
    return String(DOMPurify.sanitize(html, { ...SAFE_HTML_CONFIG, RETURN_TRUSTED_TYPE: false }));
  } finally {
    DOMPurify.removeHook('afterSanitizeAttributes');
  }
}

import { type HtmlNode, hardenHtmlNode, SAFE_HTML_CONFIG } from '@backline/core';
import DOMPurify from 'dompurify';

/**
 * The preview of a page body: sanitised in the browser with the allow-list the server applies on save
 * (`SAFE_HTML_CONFIG`), so a `<script>` or `onerror` typed into the editor never runs in the admin's session.
 */
export function safeHtml(html: string): string {
  DOMPurify.addHook('afterSanitizeAttributes', (node) => hardenHtmlNode(node as unknown as HtmlNode, null));
  try {
    return String(DOMPurify.sanitize(html, { ...SAFE_HTML_CONFIG, RETURN_TRUSTED_TYPE: false }));
  } finally {
    DOMPurify.removeHook('afterSanitizeAttributes');
  }
}

/**
 * The rules the rich-text editor applies to what it is given, kept free of the DOM so they are tested alone:
 * which link addresses an admin may type, and which markup of a page the editor's schema would drop.
 */

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
/** Schemes a link may use; everything else (`javascript:`, `data:`, `vbscript:`, …) is refused. */
const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);
/** A bare host, as people type it (`example.com`, `www.example.com/tour`). */
const BARE_HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d+)?(?:[/?#]|$)/i;

/**
 * Whether a link's `href`, read from a page or typed, may stay a link: relative addresses (resolved against
 * `html_base_uri` on the site) and the schemes above. The server's sanitiser checks the same again on save.
 */
export function isSafeLinkHref(href: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme (`java\tscript:`), so strip them first.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it removes.
  const compact = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (compact.startsWith('//')) return false;
  const scheme = SCHEME.exec(compact)?.[1];
  return scheme === undefined || LINK_SCHEMES.has(scheme.toLowerCase());
}

/**
 * The `href` for an address typed into the link field, or null when it cannot be a safe link: a path on the site
 * (`/pages/terms`), an anchor (`#credits`), an http(s), mailto or tel URL, or a bare host, which gets `https://`.
 */
export function linkAddress(typed: string): string | null {
  const text = typed.trim();
  if (!text || /\s/.test(text)) return null;
  if (/^[/#?]/.test(text)) return text.startsWith('//') ? null : text;
  const scheme = SCHEME.exec(text)?.[1]?.toLowerCase();
  if (scheme === undefined || (scheme !== 'mailto' && scheme !== 'tel' && !text.includes('//'))) {
    // `example.com:8080/x` reads as scheme "example.com"; a bare host is the only scheme-less address allowed.
    return BARE_HOST.test(text) ? `https://${text}` : null;
  }
  if (!LINK_SCHEMES.has(scheme)) return null;
  try {
    const url = new URL(text);
    if ((scheme === 'http' || scheme === 'https') && !url.hostname) return null;
    return text;
  } catch {
    return null;
  }
}

/** Tags the editor writes differently but keeps (`<b>` comes back as `<strong>`). */
const SAME_AS: Record<string, string> = { b: 'strong', i: 'em', strike: 's', del: 's' };

const tagsOf = (html: string) =>
  new Set(
    [...html.matchAll(/<([a-z][a-z0-9-]*)\b/gi)].map((match) => {
      const tag = match[1]!.toLowerCase();
      return SAME_AS[tag] ?? tag;
    }),
  );

/**
 * The element names in `before` (a page body) that are missing from `after` (the same body as the editor wrote it
 * back): markup with no rich-text form, such as tables, images or `<div>` wrappers, which only the HTML view keeps.
 */
export function droppedTags(before: string, after: string): string[] {
  const kept = tagsOf(after);
  return [...tagsOf(before)].filter((tag) => !kept.has(tag)).sort();
}

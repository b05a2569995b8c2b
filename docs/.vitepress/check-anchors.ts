// VitePress fails the build on a link to a missing page, but not on a link to a missing heading of a page that
// exists (`getting-started#no-such-section`): such a link opens the page at its top and the reader is lost. This
// reads the built site and answers every internal link whose `#fragment` names no element id on its target page.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The site's HTML files under `outDir`, relative, with `/` separators; `skip` names top-level folders to leave out. */
function htmlFiles(outDir: string, skip: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(outDir, dir), { withFileTypes: true })) {
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!skip.includes(relative)) walk(relative);
      } else if (entry.name.endsWith('.html')) found.push(relative);
    }
  };
  walk('');
  return found;
}

const decode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};
const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * Broken fragment links of a built site (clean URLs: `/a/b` is `a/b.html`, `/a/` is `a/index.html`), as
 * `page.html → href` lines. Links leaving the site, and into the `skip` folders, are not followed.
 */
export function brokenAnchors(outDir: string, skip: readonly string[] = []): string[] {
  const files = htmlFiles(outDir, skip);
  const ids = new Map<string, Set<string>>();
  const html = new Map<string, string>();
  for (const file of files) {
    const text = readFileSync(path.join(outDir, file), 'utf8');
    html.set(file, text);
    ids.set(file, new Set(Array.from(text.matchAll(/\sid="([^"]+)"/g), (match) => unescapeHtml(match[1]!))));
  }
  const target = (from: string, pathname: string): string | null => {
    const absolute = pathname.startsWith('/')
      ? pathname.slice(1)
      : path.posix.join(path.posix.dirname(from), pathname).replace(/^\.$/, '');
    const candidates =
      absolute === '' || absolute.endsWith('/')
        ? [`${absolute}index.html`]
        : [
            absolute.endsWith('.html') ? absolute : `${absolute}.html`,
            `${absolute.replace(/\.html$/, '')}/index.html`,
          ];
    return candidates.find((candidate) => ids.has(candidate)) ?? null;
  };
  const broken: string[] = [];
  for (const [file, text] of html) {
    for (const match of text.matchAll(/\shref="([^"]*#[^"]*)"/g)) {
      const href = unescapeHtml(match[1]!);
      if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) continue;
      const [pathname = '', fragment = ''] = href.split('#', 2);
      if (!fragment) continue;
      if (skip.some((folder) => pathname.replace(/^\//, '').startsWith(`${folder}/`))) continue;
      const page = pathname === '' ? file : target(file, pathname);
      // A missing page is VitePress's own check; a link into the skipped folders was filtered above.
      if (!page) continue;
      if (!ids.get(page)!.has(decode(fragment))) broken.push(`${file} → ${href}`);
    }
  }
  return broken;
}

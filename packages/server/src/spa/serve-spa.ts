import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { appearance, BOOTSTRAP_GLOBAL, isServerPath } from '@backline/core/contract';
import type { Context, Middleware } from 'koa';
import send from 'koa-send';
import { encodeBootstrap, scriptSafeJson } from '../bootstrap/bootstrap';
import type { BacklineModule, Kit, PageHead } from '../kit';

export interface SpaOptions {
  /** The built client (Vite's `dist`). */
  root?: string;
  /**
   * Produces the index.html for a URL. Defaults to the file in `root`; the dev server passes Vite's
   * `transformIndexHtml` so hot reload keeps working.
   */
  html?: (url: string) => Promise<string>;
  /**
   * Serve the build's source maps (`*.map`). Off by default: they hand out the client's original source, so a
   * production site publishes them only when it means to.
   */
  sourceMaps?: boolean;
  /**
   * The source modules a page's first paint lazily imports, as Vite's manifest names them
   * (`src/pages/login-page.tsx`). Their chunks, with the chunks they import, are announced in the page's HTML as
   * `<link rel="modulepreload">` (and their styles as stylesheets), so the browser fetches
   * them alongside the entry instead of discovering each one after the previous has run. Needs the build's
   * manifest (`build.manifest: true` in Vite, read from `root/.vite/manifest.json`); without it nothing is
   * announced.
   */
  pageModules?: (ctx: Context, kit: Kit) => string[] | Promise<string[]>;
}

/** The global the client store starts from, holding the same encoding as `GET bootstrap-data`. */
export { BOOTSTRAP_GLOBAL };

/** Text assets worth compressing; images, audio and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|wasm)$/;

/**
 * Serves the built client's files (`root`): the app runs it right after the security headers, before sessions
 * and the XSRF check, so a static file costs no session look-up and sets no cookie (an `XSRF-TOKEN` on every
 * asset only made them uncacheable by shared caches). Files precompressed at build time (`file.js.br`,
 * `file.js.gz`) are sent to clients that accept them, with `Vary: Accept-Encoding`; `/assets/` (fingerprinted by
 * Vite) is cached for a year as immutable. Anything else, `index.html` and `/` included, goes on to the routes
 * and then to `serveSpa`, which renders the page.
 */
export function serveStaticFiles(options: SpaOptions): Middleware {
  const root = options.root ? path.resolve(options.root) : undefined;
  return async (ctx, next) => {
    if (
      !root ||
      (ctx.method !== 'GET' && ctx.method !== 'HEAD') ||
      isServerPath(ctx.path) ||
      ctx.path === '/' ||
      ctx.path === '/index.html'
    )
      return next();
    const assets = ctx.path.startsWith('/assets/');
    // The build's manifest is for the server (`pageModules`), not for visitors.
    if ((!options.sourceMaps && ctx.path.endsWith('.map')) || ctx.path.startsWith('/.vite/')) {
      ctx.status = 404;
      ctx.body = { message: 'Not found.' };
      return;
    }
    try {
      if (COMPRESSIBLE.test(ctx.path)) ctx.vary('Accept-Encoding');
      const served = await send(ctx, ctx.path, {
        root,
        index: false,
        // koa-send picks `.br`, then `.gz`, when the client accepts it and the file exists.
        brotli: true,
        gzip: true,
        // Vite fingerprints everything under /assets, so those never change.
        immutable: assets,
        maxage: assets ? 365 * 24 * 3600 * 1000 : 0,
      });
      if (served) return;
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status !== 404) throw error;
      if (assets) {
        ctx.remove('Vary');
        ctx.status = 404;
        ctx.body = { message: 'Not found.' };
        return;
      }
    }
    ctx.remove('Vary');
    return next();
  };
}

/**
 * Answers client routes with index.html (the built files themselves are `serveStaticFiles`'), into which it
 * injects the request's bootstrap data, so the first page renders without a bootstrap-data request.
 */
export function serveSpa(options: SpaOptions, kit: Kit, modules: BacklineModule[] = []): Middleware {
  const root = options.root ? path.resolve(options.root) : undefined;
  let cached: string | undefined;
  const html =
    options.html ??
    (async () => {
      if (!root) throw new Error('serveSpa needs either root or html');
      cached ??= await readFile(path.join(root, 'index.html'), 'utf8');
      return cached;
    });

  const preloads = root && options.pageModules ? modulePreloader(root, options.pageModules, kit) : undefined;

  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isServerPath(ctx.path)) return next();
    // Every other page is a client route: the routers ran before us, so this is the SPA's to answer.
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    let out = await renderIndex(ctx, await html(ctx.originalUrl), kit, modules);
    const links = await preloads?.(ctx);
    if (links) out = out.replace('</head>', () => `${links}</head>`);
    ctx.body = out;
  };
}

/** One chunk of Vite's build manifest (`.vite/manifest.json`), keyed by source module. */
interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/**
 * A module that only re-exports another's (`export { LoginPage } from '@backline/auth'`) leaves no key of its own
 * in the manifest: its dynamic chunk is listed as `_auth-pages-<hash>.js` under the module's file name. Found by
 * that name, or the module's own path when none matches.
 */
function facadeKey(chunks: Record<string, ManifestChunk>, module: string): string {
  const name = path.basename(module).replace(/\.[cm]?[jt]sx?$/, '');
  return (
    Object.keys(chunks).find(
      (key) => chunks[key]!.isDynamicEntry && !chunks[key]!.src && chunks[key]!.name === name,
    ) ?? module
  );
}

/**
 * The `<link>` tags announcing the chunks of a page's lazily imported modules, skipping what the entry already
 * loads (its own chunk and its static imports, which Vite's index.html announces itself).
 */
function modulePreloader(
  root: string,
  pageModules: (ctx: Context, kit: Kit) => string[] | Promise<string[]>,
  kit: Kit,
): (ctx: Context) => Promise<string> {
  let manifest: Promise<Record<string, ManifestChunk> | null> | undefined;
  let entryChunks: Set<string> | undefined;
  const warned = new Set<string>();
  const resolved = new Map<string, string>();
  const closure = (chunks: Record<string, ManifestChunk>, keys: string[], skip?: Set<string>) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || skip?.has(key)) return;
      seen.add(key);
      for (const imported of chunks[key]?.imports ?? []) visit(imported);
    };
    for (const key of keys) visit(key);
    return seen;
  };
  return async (ctx) => {
    manifest ??= readFile(path.join(root, '.vite', 'manifest.json'), 'utf8').then(
      (text) => JSON.parse(text) as Record<string, ManifestChunk>,
      () => null,
    );
    const chunks = await manifest;
    if (!chunks) return '';
    entryChunks ??= closure(
      chunks,
      Object.keys(chunks).filter((key) => chunks[key]!.isEntry),
    );
    const named = await pageModules(ctx, kit);
    // The build never changes under a running server, so each list of modules resolves once: the manifest
    // walk and the search for re-exported modules stay off the page's path after its first request.
    const known = resolved.get(named.join('\n'));
    if (known !== undefined) return known;
    const wanted = named.map((key) => (chunks[key] ? key : facadeKey(chunks, key)));
    for (const key of wanted)
      if (!chunks[key] && !warned.has(key)) {
        // A renamed page would otherwise stop being preloaded without a sound.
        warned.add(key);
        kit.log.warn(`serveSpa: pageModules names ${key}, which the build's manifest does not hold`);
      }
    const tags: string[] = [];
    for (const key of closure(chunks, wanted, entryChunks)) {
      const chunk = chunks[key];
      if (!chunk) continue;
      tags.push(`<link rel="modulepreload" crossorigin href="/${escapeHtml(chunk.file)}">`);
      // Applied, not only fetched: markup the server renders ahead of the script (a prerendered header) needs
      // its page's styles at first paint. Vite's loader finds the same link and does not add it twice.
      for (const css of chunk.css ?? [])
        tags.push(`<link rel="stylesheet" crossorigin href="/${escapeHtml(css)}">`);
    }
    const links = tags.join('');
    // A site names a handful of lists; the cap only guards against a pageModules that builds them freely.
    if (resolved.size < 500) resolved.set(named.join('\n'), links);
    return links;
  };
}

async function renderIndex(
  ctx: Context,
  template: string,
  kit: Kit,
  modules: BacklineModule[],
): Promise<string> {
  const data = await kit.bootstrap(ctx);
  let nonce = '';
  let nonceValue: string | undefined;
  if (ctx.state.csp) {
    nonceValue = ctx.state.csp.nonce();
    ctx.set('Content-Security-Policy', ctx.state.csp.document(nonceValue));
    nonce = ` nonce="${nonceValue}"`;
  }
  const script = `<script${nonce}>window.${BOOTSTRAP_GLOBAL}=${scriptSafeJson(encodeBootstrap(data))};</script>`;
  const siteName = String((data.settings.branding as { site_name?: string } | undefined)?.site_name ?? '');
  let out = template.replace('</head>', `${script}</head>`);
  let head: PageHead | null | undefined;
  for (const module of modules) {
    head = await module.pageHead?.(ctx, kit);
    if (head) break;
  }
  let defaults: PageHead | null | undefined;
  for (const module of modules) {
    defaults = await module.defaultPageHead?.(ctx, kit);
    if (defaults) break;
  }
  // A page with its own head keeps it, borrowing only a missing description; any other page gets the defaults.
  if (!head) head = defaults;
  else if (!head.description && defaults?.description) head = { ...head, description: defaults.description };
  const title = head?.title ?? siteName;
  if (title) out = out.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  // A page's own description replaces the template's default one: a page has one description, never two.
  if (head?.description) out = out.replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  if (head) out = out.replace('</head>', () => `${headTags(head, nonce)}</head>`);
  for (const module of modules) {
    const parts = await module.pageHtml?.(ctx, kit, { nonce: nonceValue, data });
    if (parts?.head) out = out.replace('</head>', () => `${parts.head}</head>`);
    if (parts?.body) out = out.replace(/<\/body>(?![\s\S]*<\/body>)/, () => `${parts.body}</body>`);
  }
  const selected = data.themes.all.find((theme) => theme.id === data.themes.selectedThemeId);
  // Paint the chosen theme before any script runs: its colours as CSS variables on the root element and the
  // `dark` class, so neither a dark site nor an edited theme flashes the stylesheet's defaults first.
  if (selected) {
    const style = themeStyle(selected.colors as Record<string, unknown>);
    out = out.replace(
      /<html([^>]*)>/,
      (_m, attrs: string) =>
        `<html${attrs}${selected.is_dark ? ' class="dark"' : ''}${style ? ` style="${escapeHtml(style)}"` : ''}>`,
    );
  }
  return out;
}

// The colours go into an attribute of every page: only well-formed variable names and plain colour values.
const { CSS_VARIABLE_PATTERN: VARIABLE_NAME, CSS_COLOR_PATTERN: COLOR_VALUE } = appearance;

/** A theme's colours as `--name: value; …` (the same declarations `applyTheme` sets in the browser). */
function themeStyle(colors: Record<string, unknown>): string {
  return Object.entries(colors ?? {})
    .filter(
      ([name, value]) => VARIABLE_NAME.test(name) && typeof value === 'string' && COLOR_VALUE.test(value),
    )
    .map(([name, value]) => `${name}: ${value}`)
    .join('; ');
}

/** The tags of a page head; values escaped, JSON-LD made safe to sit inside a script element. */
function headTags(head: PageHead, nonce: string): string {
  const tags: string[] = [];
  if (head.description) tags.push(`<meta name="description" content="${escapeHtml(head.description)}">`);
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`);
  for (const link of head.preload ?? [])
    tags.push(
      `<link rel="preload" href="${escapeHtml(link.href)}" as="${escapeHtml(link.as)}"${link.type ? ` type="${escapeHtml(link.type)}"` : ''}${link.as === 'font' || link.as === 'fetch' ? ' crossorigin' : ''}>`,
    );
  for (const tag of head.meta ?? []) {
    const [attribute, key] = 'property' in tag ? ['property', tag.property] : ['name', tag.name];
    tags.push(`<meta ${attribute}="${escapeHtml(key)}" content="${escapeHtml(tag.content)}">`);
  }
  for (const data of head.jsonLd ?? [])
    tags.push(`<script type="application/ld+json"${nonce}>${scriptSafeJson(data)}</script>`);
  return tags.join('');
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

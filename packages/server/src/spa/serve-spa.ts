import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BOOTSTRAP_GLOBAL } from '@backline/core/contract';
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
}

const API_PATH = /^\/(api|auth|secure)(\/|$)/;

/** The global the client store starts from, holding the same encoding as `GET bootstrap-data`. */
export { BOOTSTRAP_GLOBAL };

/**
 * Serves the built client and answers client routes with index.html, into which it injects the
 * request's bootstrap data, so the first page renders without a bootstrap-data request.
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

  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || API_PATH.test(ctx.path)) return next();
    if (root && ctx.path !== '/' && ctx.path !== '/index.html') {
      try {
        const served = await send(ctx, ctx.path, {
          root,
          index: false,
          // Vite fingerprints everything under /assets, so those never change.
          immutable: ctx.path.startsWith('/assets/'),
          maxage: ctx.path.startsWith('/assets/') ? 365 * 24 * 3600 * 1000 : 0,
        });
        if (served) return;
      } catch (error) {
        const status = (error as { status?: number }).status;
        if (status !== 404) throw error;
        if (ctx.path.startsWith('/assets/')) {
          ctx.status = 404;
          ctx.body = { message: 'Not found.' };
          return;
        }
      }
    }
    // Every other page is a client route: the routers ran before us, so this is the SPA's to answer.
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await renderIndex(ctx, await html(ctx.originalUrl), kit, modules);
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
  if (ctx.state.csp) {
    const value = ctx.state.csp.nonce();
    ctx.set('Content-Security-Policy', ctx.state.csp.document(value));
    nonce = ` nonce="${value}"`;
  }
  const script = `<script${nonce}>window.${BOOTSTRAP_GLOBAL}=${scriptSafeJson(encodeBootstrap(data))};</script>`;
  const siteName = String((data.settings.branding as { site_name?: string } | undefined)?.site_name ?? '');
  let out = template.replace('</head>', `${script}</head>`);
  let head: PageHead | null | undefined;
  for (const module of modules) {
    head = await module.pageHead?.(ctx, kit);
    if (head) break;
  }
  const title = head?.title ?? siteName;
  if (title) out = out.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  if (head) out = out.replace('</head>', () => `${headTags(head, nonce)}</head>`);
  const selected = data.themes.all.find((theme) => theme.id === data.themes.selectedThemeId);
  // Paint the chosen theme before any script runs, so a dark site does not flash white.
  if (selected?.is_dark)
    out = out.replace(/<html([^>]*)>/, (_m, attrs: string) => `<html${attrs} class="dark">`);
  return out;
}

/** The tags of a page head; values escaped, JSON-LD made safe to sit inside a script element. */
function headTags(head: PageHead, nonce: string): string {
  const tags: string[] = [];
  if (head.description) tags.push(`<meta name="description" content="${escapeHtml(head.description)}">`);
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`);
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

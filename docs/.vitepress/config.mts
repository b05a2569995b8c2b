// The docs site: `pnpm docs:build` generates the API reference with TypeDoc into api/, then builds this site.
// VitePress fails the build on a link to a page that does not exist (see ignoreDeadLinks for the two exceptions),
// and buildEnd on a link to a heading that does not exist (check-anchors.ts).
import { cpSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type DefaultTheme, defineConfig } from 'vitepress';
import { brokenAnchors } from './check-anchors';

const docs = path.resolve(import.meta.dirname, '..');
const root = path.resolve(docs, '..');
const storybook = path.join(root, 'storybook-static');

/** TypeDoc's sidebar for the API pages; absent until TypeDoc has run (`pnpm docs:api`). */
function apiSidebar(): DefaultTheme.SidebarItem[] {
  const file = path.join(docs, 'api', 'typedoc-sidebar.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
}

/**
 * A heading's id as GitHub makes it: lower case, punctuation and symbols dropped, each space a hyphen; but for an
 * underscore, which becomes a hyphen as in VitePress's own ids, because the generated API pages link constants
 * (`TOAST_LIMIT` → `#toast-limit`) that way. (Repeated headings get their -1, -2 suffixes from the anchor plugin.)
 */
function githubSlug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N} _-]/gu, '')
    .replace(/[ _]/g, '-');
}

const packages = [
  'core',
  'server',
  'ui',
  'auth',
  'account',
  'admin',
  'appearance',
  'billing',
  'notifications',
  'uploads',
];

export default defineConfig({
  title: 'Backline',
  description: 'Accounts, admin, uploads, notifications and appearance for React and Koa apps.',
  cleanUrls: true,
  lastUpdated: false,
  // A link to a page that does not exist fails the build, but for these. The Storybook build is copied in at the end
  // (buildEnd below), where VitePress cannot see it; addresses on localhost are the reader's own running app.
  ignoreDeadLinks: [/^\/storybook\//, /^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?(\/|$)/],
  markdown: {
    // GitHub's heading ids, so a `page.md#heading` link works on the site and on GitHub alike.
    anchor: { slugify: githubSlug },
    headers: { slugify: githubSlug },
    config(md) {
      // The pages are plain Markdown that also renders on GitHub, and they quote code with `{{ … }}` in prose; Vue
      // must not read that as template syntax, so every page's body is compiled as static HTML. A `<script` or
      // `<style` left in the output is prose naming a tag (code is escaped by then): shown as text, as on GitHub.
      const render = md.render.bind(md);
      md.render = (source, env) =>
        `<div v-pre>\n${render(source, env).replace(/<(?=\/?(script|style)\b)/gi, '&lt;')}\n</div>\n`;
    },
  },
  themeConfig: {
    search: { provider: 'local' },
    nav: [
      { text: 'Guide', link: '/getting-started' },
      { text: 'Recipes', link: '/recipes/' },
      { text: 'Packages', link: '/packages/core' },
      { text: 'API', link: '/api/' },
      { text: 'Storybook', link: '/storybook/index.html', target: '_blank' },
    ],
    sidebar: {
      '/api/': [{ text: 'API reference', link: '/api/' }, ...apiSidebar()],
      '/': [
        {
          text: 'Guide',
          items: [
            { text: 'Getting started', link: '/getting-started' },
            { text: 'Architecture', link: '/architecture' },
            { text: 'Security', link: '/security' },
            { text: 'Benchmarks', link: '/benchmarks' },
          ],
        },
        {
          text: 'Recipes',
          link: '/recipes/',
          items: [
            { text: 'A server module with a page', link: '/recipes/server-module-with-page' },
            { text: 'A notification type', link: '/recipes/notification-type' },
            { text: 'An admin page', link: '/recipes/admin-page' },
            { text: 'A storage driver', link: '/recipes/storage-driver' },
            { text: 'Theme the site', link: '/recipes/theme' },
            { text: 'Deploy: PostgreSQL, S3, SMTP, proxy', link: '/recipes/production' },
          ],
        },
        {
          text: 'Packages',
          collapsed: true,
          items: [
            ...packages.map((name) => ({ text: `@backline/${name}`, link: `/packages/${name}` })),
            { text: 'Workspaces', link: '/packages/workspaces' },
          ],
        },
        {
          text: 'The music site',
          collapsed: true,
          items: [
            { text: 'Content', link: '/content' },
            { text: 'Backstage', link: '/music-backstage' },
            { text: 'Catalogue admin', link: '/music-catalogue-admin' },
            { text: 'Demo library', link: '/music-demo-library' },
          ],
        },
      ],
    },
    outline: { level: [2, 3] },
  },
  buildEnd(site) {
    // A link to a heading that is not there fails the build too (VitePress checks only that the page exists).
    const broken = brokenAnchors(site.outDir, ['storybook']);
    if (broken.length) throw new Error(`Links to headings that do not exist:\n  ${broken.join('\n  ')}`);
    // The component catalogue ships with the site when it has been built (`pnpm storybook:build`, CI's
    // storybook phase, which runs before this one); BACKLINE_DOCS_STORYBOOK=required makes its absence an error.
    if (existsSync(path.join(storybook, 'index.html'))) {
      cpSync(storybook, path.join(site.outDir, 'storybook'), { recursive: true });
    } else if (process.env.BACKLINE_DOCS_STORYBOOK === 'required') {
      throw new Error('storybook-static/ is missing: run `pnpm storybook:build` before `pnpm docs:build`');
    } else {
      console.warn('storybook-static/ is missing: the site links to a Storybook it does not contain');
    }
  },
});

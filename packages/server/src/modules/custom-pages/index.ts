import { CONTROL_CHARACTERS, customPages } from '@backline/core/contract';
import type { Knex } from 'knex';
import type { Context } from 'koa';
import { HttpError, ValidationError } from '../../http/errors';
import { defineModule, type Kit, type PageHead } from '../../kit';
import { sanitizeHtml } from '../../security/sanitize-html';
import { recordAudit } from '../admin/audit-log';
import { isUniqueViolation } from '../users/create-user';
import { DEFAULT_PAGES } from './default-pages';

export { DEFAULT_PAGES };

/** The permissions the admin endpoints check (the `admin` permission grants them all). */
export const CUSTOM_PAGE_PERMISSIONS = [
  { name: 'custom_pages.create', description: 'Create custom pages' },
  { name: 'custom_pages.update', description: 'List and edit custom pages' },
  { name: 'custom_pages.delete', description: 'Delete custom pages' },
];

interface PageRow {
  id: number;
  title: string;
  slug: string;
  body: string;
  type: string;
  meta_title: string | null;
  meta_description: string | null;
  hide_nav: boolean;
  hide_footer: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const DESCRIPTION_MAX = 200;

/** A title as a slug: `Terms & Conditions` → `terms-conditions`. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200)
    .replace(/-+$/, '');
  return slug || 'page';
}

/** The text of the page's HTML, for a description when the admin wrote none. */
const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const baseUri = (kit: Kit) => kit.settings.get<string>('html_base_uri', '');

/** The page as the wire has it, its body sanitised again (rows written before a stricter allow-list included). */
async function serializePage(kit: Kit, row: PageRow): Promise<customPages.CustomPage> {
  return {
    id: Number(row.id),
    title: row.title,
    slug: row.slug,
    body: sanitizeHtml(row.body, { baseUri: (await baseUri(kit)) || null }),
    type: row.type,
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    hide_nav: Boolean(row.hide_nav),
    hide_footer: Boolean(row.hide_footer),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** The page's SEO title and description: its own, else its title and the start of its text. */
export function pageSeo(page: Pick<PageRow, 'title' | 'body' | 'meta_title' | 'meta_description'>) {
  const text = plainText(page.body);
  return {
    title: page.meta_title || page.title,
    description:
      page.meta_description ||
      (text ? (text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1)}…` : text) : null),
  };
}

/** Finds a page by its numeric id or its slug. */
export async function findCustomPage(kit: Kit, slugOrId: string): Promise<PageRow | undefined> {
  // No page's slug holds a control character (slugs are letters, digits and dashes), and PostgreSQL refuses NUL in
  // a text comparison outright: such an address is simply not found.
  if (CONTROL_CHARACTERS.test(slugOrId)) return undefined;
  if (/^[1-9]\d{0,9}$/.test(slugOrId) && Number(slugOrId) <= 2_147_483_647)
    return kit
      .knex('custom_pages')
      .where({ id: Number(slugOrId) })
      .first();
  return kit.knex('custom_pages').where({ slug: slugOrId.toLowerCase() }).first();
}

/** The row an admin's input writes: the body sanitised, the slug made from the title when left empty. */
function rowFrom(input: customPages.CustomPageInput, now: Date) {
  return {
    title: input.title,
    slug: input.slug || slugify(input.title),
    body: sanitizeHtml(input.body),
    meta_title: input.meta_title || null,
    meta_description: input.meta_description || null,
    hide_nav: Boolean(input.hide_nav),
    hide_footer: Boolean(input.hide_footer),
    updated_at: now,
  };
}

const SLUG_TAKEN = 'The slug has already been taken.';

async function assertSlugFree(trx: Knex.Transaction, slug: string, exceptId?: number) {
  const query = trx('custom_pages').where({ slug });
  if (exceptId) query.whereNot({ id: exceptId });
  if (await query.first('id')) throw new ValidationError({ slug: [SLUG_TAKEN] });
}

/** Runs a page write; a slug taken by a concurrent save (the unique index) is the same 422 as one taken before. */
async function writingSlug<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationError({ slug: [SLUG_TAKEN] });
    throw error;
  }
}

/** A page as the audit log records it: what the admin can edit. */
const auditedPage = (row: PageRow) => ({
  title: row.title,
  slug: row.slug,
  body: row.body,
  meta_title: row.meta_title,
  meta_description: row.meta_description,
  hide_nav: Boolean(row.hide_nav),
  hide_footer: Boolean(row.hide_footer),
});

const PAGE_PATH = /^\/pages\/(?:([1-9]\d{0,9})\/[^/]+|([^/]+))\/?$/;

/** The head of `/pages/{slug}` and `/pages/{id}/{slug}`: the page's SEO title and description for crawlers. */
async function customPageHead(ctx: Context, kit: Kit): Promise<PageHead | null> {
  const match = PAGE_PATH.exec(ctx.path);
  if (!match) return null;
  let key: string;
  try {
    key = match[1] ?? decodeURIComponent(match[2]!);
  } catch {
    return null;
  }
  const row = await findCustomPage(kit, key);
  if (!row) return null;
  const seo = pageSeo(row);
  const siteName = String((await kit.settings.get('branding.site_name', '')) || '');
  return {
    title: siteName ? `${seo.title} - ${siteName}` : seo.title,
    ...(seo.description && { description: seo.description }),
    meta: [
      { property: 'og:type', content: 'article' },
      { property: 'og:title', content: seo.title },
      ...(seo.description ? [{ property: 'og:description', content: seo.description }] : []),
      ...(siteName ? [{ property: 'og:site_name', content: siteName }] : []),
    ],
  };
}

/**
 * Custom pages (terms, privacy, about…): a public `GET custom-pages/{slugOrId}`, the admin's list, create,
 * update and delete, the pages' heads in the HTML the server sends, and the default pages of a fresh install.
 * Bodies are sanitised with DOMPurify on save and again on every read; `html_base_uri` resolves relative URLs.
 */
export const customPagesModule = () =>
  defineModule({
    id: 'custom-pages',
    permissions: CUSTOM_PAGE_PERMISSIONS,
    settings: {
      html_base_uri: { value: '', public: true },
    },
    migrations: {
      '001-custom-pages': {
        async up(knex) {
          await knex.schema.createTable('custom_pages', (t) => {
            t.increments('id');
            t.string('title', 255).notNullable();
            t.string('slug', 255).notNullable().unique();
            t.text('body').notNullable();
            t.string('type', 40).notNullable().defaultTo('default');
            t.string('meta_title', 255);
            t.string('meta_description', 500);
            t.boolean('hide_nav').notNullable().defaultTo(false);
            t.boolean('hide_footer').notNullable().defaultTo(false);
            t.integer('user_id').references('users.id').onDelete('SET NULL');
            t.timestamp('created_at', { useTz: true }).notNullable();
            t.timestamp('updated_at', { useTz: true }).notNullable();
          });
        },
        async down(knex) {
          await knex.schema.dropTable('custom_pages');
        },
      },
      '002-default-pages': {
        async up(knex) {
          const now = new Date();
          await knex('custom_pages')
            .insert(DEFAULT_PAGES.map((page) => ({ ...page, created_at: now, updated_at: now })))
            .onConflict('slug')
            .ignore();
        },
        async down(knex) {
          await knex('custom_pages')
            .whereIn(
              'slug',
              DEFAULT_PAGES.map((page) => page.slug),
            )
            .delete();
        },
      },
    },
    pageHead: customPageHead,
    routes(router) {
      router.route(customPages.show).handle(async ({ params, kit }) => {
        const row = await findCustomPage(kit, params.slugOrId);
        if (!row) throw new HttpError(404, 'Page not found.');
        return { page: await serializePage(kit, row), seo: pageSeo(row) };
      });

      router.route(customPages.list).handle(async ({ query, kit }) => {
        const base = kit.knex('custom_pages');
        if (query.query) {
          const like = `%${query.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
          base.where((q) => q.whereILike('title', like).orWhereILike('slug', like));
        }
        const [counted] = (await base.clone().count({ total: '*' })) as { total: string | number }[];
        const rows: PageRow[] = await base
          .clone()
          .orderBy('updated_at', 'desc')
          .orderBy('id', 'desc')
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage);
        const count = Number(counted?.total ?? 0);
        return {
          pagination: {
            data: await Promise.all(rows.map((row) => serializePage(kit, row))),
            current_page: query.page,
            per_page: query.perPage,
            total: count,
            last_page: Math.max(1, Math.ceil(count / query.perPage)),
          },
        };
      });

      router.route(customPages.create).handle(async ({ body, ctx, kit }) => {
        const now = kit.now();
        const values = rowFrom(body, now);
        const row = await kit.knex.transaction(async (trx) => {
          await assertSlugFree(trx, values.slug);
          const [inserted] = await writingSlug(() =>
            trx('custom_pages')
              .insert({ ...values, user_id: ctx.state.user?.id ?? null, created_at: now })
              .returning('*'),
          );
          const page = inserted as PageRow;
          await recordAudit(trx, ctx, kit, {
            action: 'custom_page.create',
            target_type: 'custom_page',
            target_id: Number(page.id),
            before: null,
            after: auditedPage(page),
          });
          return page;
        });
        return { page: await serializePage(kit, row) };
      });

      router.route(customPages.update).handle(async ({ params, body, ctx, kit }) => {
        const values = rowFrom(body, kit.now());
        const row = await kit.knex.transaction(async (trx) => {
          const before: PageRow | undefined = await trx('custom_pages')
            .where({ id: params.id })
            .forUpdate()
            .first();
          if (!before) throw new HttpError(404, 'Page not found.');
          await assertSlugFree(trx, values.slug, params.id);
          const [updated] = await writingSlug(() =>
            trx('custom_pages').where({ id: params.id }).update(values).returning('*'),
          );
          const page = updated as PageRow;
          await recordAudit(trx, ctx, kit, {
            action: 'custom_page.update',
            target_type: 'custom_page',
            target_id: params.id,
            before: auditedPage(before),
            after: auditedPage(page),
          });
          return page;
        });
        return { page: await serializePage(kit, row) };
      });

      router.route(customPages.destroy).handle(async ({ params, ctx, kit }) => {
        await kit.knex.transaction(async (trx) => {
          const before: PageRow | undefined = await trx('custom_pages')
            .where({ id: params.id })
            .forUpdate()
            .first();
          if (!before) throw new HttpError(404, 'Page not found.');
          await trx('custom_pages').where({ id: params.id }).delete();
          await recordAudit(trx, ctx, kit, {
            action: 'custom_page.delete',
            target_type: 'custom_page',
            target_id: params.id,
            before: auditedPage(before),
            after: null,
          });
        });
      });
    },
  });

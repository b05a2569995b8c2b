import * as z from 'zod/mini';
import { booleanish, boundedString, idParam, optionalString } from '../fields';
import { noContent, route } from '../route';
import { paginated, timestamp } from '../schemas/common';

/** Longest page body accepted, in characters of HTML. */
export const CUSTOM_PAGE_BODY_MAX = 200_000;

/** A custom page (terms, privacy, about…): its HTML body is sanitised on save and again on render. */
export const CustomPage = z.object({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
  body: z.string(),
  /** `default` for pages the admin writes. */
  type: z.string(),
  meta_title: z.nullable(z.string()),
  meta_description: z.nullable(z.string()),
  hide_nav: z.boolean(),
  hide_footer: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type CustomPage = z.infer<typeof CustomPage>;

/** The page's own SEO tags, which the server also writes into the HTML it sends for the page. */
export const CustomPageSeo = z.object({ title: z.string(), description: z.nullable(z.string()) });
export type CustomPageSeo = z.infer<typeof CustomPageSeo>;

/** A slug: lower-case letters, digits and single dashes. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** What an admin writes; a missing slug is made from the title. */
export const CustomPageInput = z.object({
  title: boundedString('title', 255),
  slug: optionalString('slug', 255).check(
    z.refine((value) => value == null || value === '' || SLUG_PATTERN.test(value), {
      message: 'The slug may only contain lower-case letters, digits and dashes.',
    }),
  ),
  body: z
    .string({ error: 'The body field must be a string.' })
    .check(
      z.maxLength(
        CUSTOM_PAGE_BODY_MAX,
        `The body field must not be greater than ${CUSTOM_PAGE_BODY_MAX} characters.`,
      ),
    ),
  meta_title: optionalString('meta_title', 255),
  meta_description: optionalString('meta_description', 500),
  hide_nav: z.optional(booleanish),
  hide_footer: z.optional(booleanish),
});
export type CustomPageInput = z.input<typeof CustomPageInput>;

/** A positive whole number from a query string, with a default; `max` bounds it. */
function count(field: string, fallback: number, max: number) {
  const message = `The ${field} must be a whole number between 1 and ${max}.`;
  return z._default(
    z.optional(
      z.pipe(
        z.union([z.string(), z.number()], { error: message }),
        z.pipe(
          z.transform((value: string | number) => (value === '' ? Number.NaN : Number(value))),
          z.number({ error: message }).check(z.int(message), z.gte(1, message), z.lte(max, message)),
        ),
      ),
    ),
    fallback,
  );
}

/** `GET custom-pages/{slugOrId}`: a page by slug or id, public. */
export const show = route({
  method: 'GET',
  path: 'custom-pages/{slugOrId}',
  tag: 'custom-pages',
  summary: 'A custom page by slug or id',
  params: z.object({ slugOrId: z.string().check(z.minLength(1), z.maxLength(255)) }),
  response: z.object({ page: CustomPage, seo: CustomPageSeo }),
  errors: [404],
});

/** `GET custom-pages`: the admin's list, newest first. */
export const list = route({
  method: 'GET',
  path: 'custom-pages',
  tag: 'custom-pages',
  summary: 'List custom pages (admin)',
  query: z.object({
    page: count('page', 1, 100_000),
    perPage: count('per page', 15, 100),
    query: z.optional(z.string().check(z.maxLength(255))),
  }),
  response: paginated(CustomPage),
  auth: true,
  permission: 'custom_pages.update',
});

/** `POST custom-pages` */
export const create = route({
  method: 'POST',
  path: 'custom-pages',
  tag: 'custom-pages',
  summary: 'Create a custom page (admin)',
  body: CustomPageInput,
  response: z.object({ page: CustomPage }),
  auth: true,
  permission: 'custom_pages.create',
  status: 201,
});

/** `PUT custom-pages/{id}` */
export const update = route({
  method: 'PUT',
  path: 'custom-pages/{id}',
  tag: 'custom-pages',
  summary: 'Update a custom page (admin)',
  params: z.object({ id: idParam() }),
  body: CustomPageInput,
  response: z.object({ page: CustomPage }),
  auth: true,
  permission: 'custom_pages.update',
  errors: [404],
});

/** `DELETE custom-pages/{id}` */
export const destroy = route({
  method: 'DELETE',
  path: 'custom-pages/{id}',
  tag: 'custom-pages',
  summary: 'Delete a custom page (admin)',
  params: z.object({ id: idParam() }),
  response: noContent,
  auth: true,
  permission: 'custom_pages.delete',
  errors: [404],
});

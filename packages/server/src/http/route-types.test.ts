import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod/mini';
import { defineRoute, implement } from './routes';

/**
 * Type tests: the handler's input is inferred from the route's schemas and its answer is checked against the
 * response schema, so a wrong field fails to compile. `pnpm --filter @backline/server typecheck` verifies each
 * `@ts-expect-error` (an unused one is itself an error); the runtime assertions only keep vitest honest.
 */
const note = {
  method: 'PUT',
  path: 'notes/{id}',
  summary: 'Rename a note',
  tag: 'notes',
  params: z.object({ id: z.coerce.number() }),
  query: z.object({ draft: z.optional(z.boolean()) }),
  body: z.object({ title: z.string() }),
  response: z.object({ note: z.object({ id: z.number(), title: z.string(), updated_at: z.string() }) }),
} as const;

describe('route handler types', () => {
  it('infers params, query and body from the schemas, and checks the answer (implement)', () => {
    const bound = implement(note).handle(async ({ params, query, body }) => {
      expectTypeOf(params.id).toEqualTypeOf<number>();
      expectTypeOf(query.draft).toEqualTypeOf<boolean | undefined>();
      expectTypeOf(body.title).toEqualTypeOf<string>();
      // @ts-expect-error the body has `title`, not `name`
      body.name;
      // A Date may stand where the wire has a timestamp string: its JSON is that string.
      return { note: { id: params.id, title: body.title, updated_at: new Date() } };
    });
    expect(bound.path).toBe('notes/{id}');

    implement(note).handle(
      // @ts-expect-error the answer's note has `title`, not `name`
      async ({ params }) => ({ note: { id: params.id, name: 'x', updated_at: '' } }),
    );
    implement(note).handle(
      // @ts-expect-error `id` is a number on the wire, not a string
      async () => ({ note: { id: '1', title: 'x', updated_at: '' } }),
    );
    implement(note).handle(
      // @ts-expect-error the answer misses the required `note`
      async () => ({}),
    );
  });

  it('does the same for a server-only route declared in one object (defineRoute)', () => {
    const route = defineRoute({
      ...note,
      handler: async ({ body, params }) => {
        expectTypeOf(body).toEqualTypeOf<{ title: string }>();
        expectTypeOf(params).toEqualTypeOf<{ id: number }>();
        return { note: { id: params.id, title: body.title, updated_at: '' } };
      },
    });
    expect(route.method).toBe('PUT');

    defineRoute({
      ...note,
      // @ts-expect-error a wrong answer shape (`notes` for `note`) does not compile
      handler: async () => ({ notes: [] }),
    });
    defineRoute({
      ...note,
      handler: async ({ body }) => {
        // @ts-expect-error `title` is a string, so it has no `toFixed`
        body.title.toFixed();
        return undefined;
      },
    });
  });
});

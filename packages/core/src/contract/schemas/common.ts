import * as z from 'zod/mini';

/**
 * Resources every part of the wire shares: the error body, timestamps and the paginated list shape. Their
 * TypeScript types are inferred from the schemas, so the two sides cannot drift apart.
 */

/** An ISO 8601 timestamp as JSON carries a date (`2026-11-24T10:42:00.000Z`). */
export const timestamp = z.iso.datetime({ offset: true });

/** Field name to its messages. */
export const FieldErrors = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof FieldErrors>;

/** A link the server attaches to an error; the client shows it as the toast's action. */
export const ErrorAction = z.object({ label: z.string(), action: z.string() });
export type ErrorAction = z.infer<typeof ErrorAction>;

/**
 * The one shape every failure answers with: 422 for validation (with `errors`), 401, 403, 404, 419 for a
 * failed anti-forgery check, 429 with `Retry-After`, and 5xx with a generic message and never a stack.
 */
export const ErrorBody = z.object({
  message: z.string(),
  errors: z.optional(FieldErrors),
  action: z.optional(ErrorAction),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** A page of a list: `{pagination: {data, current_page, per_page, total, last_page}}`. */
export function paginated<T extends z.ZodMiniType>(item: T) {
  return z.object({
    pagination: z.object({
      data: z.array(item),
      current_page: z.number(),
      per_page: z.number(),
      total: z.number(),
      last_page: z.number(),
    }),
  });
}

/**
 * One page of `T`s as `paginated(item)` parses it. Inferred from the schema, so the server's list helper and the
 * clients cannot describe the shape differently.
 */
export type Page<T> = {
  pagination: Omit<z.infer<ReturnType<typeof paginated>>['pagination'], 'data'> & { data: T[] };
};

/** `{message}`: answers that only carry a sentence for the user. */
export const MessageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof MessageAnswer>;

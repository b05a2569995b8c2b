import * as z from 'zod/mini';
import { boundedString, idParam, optionalString } from '../fields';
import { listQuery } from '../list-query';
import { noContent, route } from '../route';
import { paginated, timestamp } from '../schemas/common';

/**
 * Errors the reporter never sends (spec music §8): a failed dynamic module import, `removeChild` or
 * `insertBefore` failures (a browser extension rewrote the DOM), the ResizeObserver loop notice and a failed
 * module script import. They say nothing about the site's code and would drown the real ones.
 */
export const IGNORED_ERRORS: readonly RegExp[] = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Failed to execute '(removeChild|insertBefore)' on 'Node'/i,
  /The node (to be removed|before which the new node is to be inserted) is not a child of this node/i,
  /ResizeObserver loop/i,
];

/** Whether an error message is one of the noisy ones the reporter ignores. */
export function isIgnoredError(message: string): boolean {
  return IGNORED_ERRORS.some((pattern) => pattern.test(message));
}

/** `POST error-reports`: a client error (deduplicated by message and first stack line on the server). */
export const report = route({
  method: 'POST',
  path: 'error-reports',
  tag: 'error-reports',
  summary: 'Report a client error',
  body: z.object({
    message: boundedString('message', 1000),
    stack: optionalString('stack', 8000),
    url: optionalString('url', 2000),
  }),
  response: noContent,
  rateLimited: true,
});

/** A reported error with how often it happened. */
export const ErrorReport = z.object({
  id: z.number(),
  message: z.string(),
  stack: z.nullable(z.string()),
  url: z.nullable(z.string()),
  count: z.number(),
  first_seen_at: timestamp,
  last_seen_at: timestamp,
});
export type ErrorReport = z.infer<typeof ErrorReport>;

/** Who may read the reports, and who may delete them. */
export const ERROR_REPORTS_VIEW_PERMISSION = 'error_reports.view';
export const ERROR_REPORTS_DELETE_PERMISSION = 'error_reports.delete';

/** `GET error-reports`: the admin's list, most recent first; searchable by message or URL, sortable. */
export const list = route({
  method: 'GET',
  path: 'error-reports',
  tag: 'error-reports',
  summary: 'List reported client errors with counts (admin)',
  query: listQuery(['last_seen_at', 'first_seen_at', 'count', 'message'] as const),
  response: paginated(ErrorReport),
  auth: true,
  permission: ERROR_REPORTS_VIEW_PERMISSION,
});

/** `DELETE error-reports/{id}`: forgets a report (fixed, or noise); the next occurrence starts a new count. */
export const destroy = route({
  method: 'DELETE',
  path: 'error-reports/{id}',
  tag: 'error-reports',
  summary: 'Delete a reported client error (admin)',
  params: z.object({ id: idParam() }),
  response: noContent,
  auth: true,
  permission: ERROR_REPORTS_DELETE_PERMISSION,
  errors: [404],
});

import * as z from 'zod/mini';
import { route } from '../route';
import { EncodedBootstrap } from '../schemas/bootstrap';

/**
 * Liveness and the database's status; 503 while the database is unreachable, answering the error shape's `message`
 * with the same fields.
 */
export const health = route({
  method: 'GET',
  path: 'health',
  tag: 'core',
  summary: 'Liveness and database status',
  response: z.object({
    status: z.enum(['ok', 'error']),
    database: z.object({ kind: z.string(), status: z.string() }),
  }),
  errors: [503],
});

/**
 * Readiness for a load balancer: 200 while this instance takes traffic; 503 while it starts, drains for a
 * shutdown, or cannot reach the database or (on PostgreSQL) hear the other instances; the 503 answers the error
 * shape's `message` with the same fields.
 */
export const ready = route({
  method: 'GET',
  path: 'health/ready',
  tag: 'core',
  summary: 'Readiness for a load balancer',
  response: z.object({
    status: z.enum(['ready', 'draining', 'unavailable']),
    database: z.enum(['up', 'down']),
    bus: z.object({ kind: z.string(), connected: z.boolean() }),
  }),
  errors: [503],
});

/** The caller's bootstrap data, encoded as the page global carries it (spec: in `data.data`). */
export const bootstrapData = route({
  method: 'GET',
  path: 'bootstrap-data',
  tag: 'core',
  summary: 'The encoded bootstrap data, as injected into index.html',
  response: z.object({ data: z.object({ data: EncodedBootstrap }) }),
});

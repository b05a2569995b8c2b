import type { Knex } from 'knex';

/** What both drivers (pg's client and PGlite) offer on a pooled connection. */
interface Connection {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * Runs one parameterised statement (`$1`, `$2`…) on a connection of knex's pool, past knex's query builder and
 * runner. Only for the statements every login or every signed-in request runs: while the cores are busy
 * hashing, knex's own work was about 0.2 ms of CPU per query, a sixth of a login's CPU besides the hash
 * (docs/benchmarks.md). Both drivers parse column types as they do under knex, and knex set the connection's
 * search path when it opened it. Knex's `query` events do not see these statements. `knex` must be the app's knex, never a transaction (whose
 * statements must run on the transaction's own connection).
 */
export async function pooledQuery<Row = Record<string, unknown>>(
  knex: Knex,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  if (knex.isTransaction) throw new Error('pooledQuery runs outside transactions only');
  const client = knex.client as {
    acquireConnection(): Promise<Connection>;
    releaseConnection(connection: Connection): Promise<void>;
  };
  const connection = await client.acquireConnection();
  try {
    return (await connection.query(text, values)).rows as Row[];
  } finally {
    await client.releaseConnection(connection);
  }
}

import type { Knex } from 'knex';

/** One migration: `up` and `down` run inside a transaction by knex. */
export interface Migration {
  up(knex: Knex): Promise<void>;
  down?(knex: Knex): Promise<void>;
}

/** A module's migrations, keyed by a name that sorts in the order they must run (`001-users`). */
export type ModuleMigrations = Record<string, Migration>;

interface NamedMigration {
  name: string;
  migration: Migration;
}

/**
 * A knex migration source over every module's migrations. Names are `{moduleId}/{name}` so two modules
 * can both have a `001-…` without clashing; modules run in the order they were registered.
 */
export class ModuleMigrationSource implements Knex.MigrationSource<NamedMigration> {
  constructor(private readonly modules: { id: string; migrations?: ModuleMigrations | undefined }[]) {}

  async getMigrations(): Promise<NamedMigration[]> {
    return this.modules.flatMap((module) =>
      Object.keys(module.migrations ?? {})
        .sort()
        .map((name) => ({ name: `${module.id}/${name}`, migration: module.migrations![name]! })),
    );
  }

  getMigrationName(migration: NamedMigration): string {
    return migration.name;
  }

  async getMigration(migration: NamedMigration): Promise<Knex.Migration> {
    const { up, down } = migration.migration;
    return { up, down: down ?? (async () => {}) };
  }
}

/** Runs every pending migration; answers the names that ran. */
export async function migrate(
  knex: Knex,
  modules: { id: string; migrations?: ModuleMigrations | undefined }[],
  schema?: string,
): Promise<string[]> {
  const latest = async () => {
    const [, log] = (await knex.migrate.latest({
      migrationSource: new ModuleMigrationSource(modules),
      tableName: 'backline_migrations',
      schemaName: schema,
    })) as [number, string[]];
    return log;
  };
  if ((knex.client as { config?: { client?: unknown } }).config?.client !== 'pg') return latest();
  /*
   * Several instances starting at once on one PostgreSQL database (a rollout) would each migrate, and knex's lock
   * row makes all but one fail to start ("Migration table is already locked"). A session advisory lock, held on
   * one pooled connection while the others migrate, makes them wait instead; then they find nothing left to run.
   */
  const client = knex.client as {
    acquireConnection(): Promise<{ query(text: string, values: unknown[]): Promise<unknown> }>;
    releaseConnection(connection: unknown): Promise<void>;
  };
  const connection = await client.acquireConnection();
  const key = `backline migrate ${schema ?? 'public'}`;
  try {
    await connection.query('select pg_advisory_lock(hashtext($1))', [key]);
    try {
      return await latest();
    } finally {
      await connection.query('select pg_advisory_unlock(hashtext($1))', [key]);
    }
  } finally {
    await client.releaseConnection(connection);
  }
}

import type { Knex } from 'knex';

/**
 * Every (table, column) of the current schema that holds a user id: foreign keys to `users.id`, plus integer
 * columns named like one (`user_id`, `owner_id`, `*_user_id`) that have no foreign key.
 */
export async function userColumns(knex: Knex): Promise<{ table: string; column: string }[]> {
  const { rows: foreign } = (await knex.raw(
    `select distinct kcu.table_name as "table", kcu.column_name as "column"
       from information_schema.table_constraints tc
       join information_schema.key_column_usage kcu
         on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
       join information_schema.constraint_column_usage ccu
         on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
      where tc.constraint_type = 'FOREIGN KEY' and ccu.table_name = 'users' and ccu.column_name = 'id'
        and tc.table_schema = current_schema()`,
  )) as { rows: { table: string; column: string }[] };
  const { rows: named } = (await knex.raw(
    `select table_name as "table", column_name as "column" from information_schema.columns
      where table_schema = current_schema() and data_type in ('integer', 'bigint')
        and (column_name in ('user_id', 'owner_id') or column_name like '%\\_user\\_id')`,
  )) as { rows: { table: string; column: string }[] };
  const seen = new Map<string, { table: string; column: string }>();
  for (const entry of [...foreign, ...named]) seen.set(`${entry.table}.${entry.column}`, entry);
  return [...seen.values()].sort((a, b) => `${a.table}.${a.column}`.localeCompare(`${b.table}.${b.column}`));
}

/**
 * Rows per `table.column` that still hold the user's id (any column from `userColumns`) or address (any
 * `email` column); an empty object once an account is fully gone. Account-deletion tests use it.
 */
export async function rowsReferencing(
  knex: Knex,
  userId: number,
  email: string,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { table, column } of await userColumns(knex)) {
    const [row] = (await knex(table).where(column, userId).count({ n: '*' })) as { n: string | number }[];
    if (Number(row!.n)) counts[`${table}.${column}`] = Number(row!.n);
  }
  const { rows: emailColumns } = (await knex.raw(
    `select table_name as "table", column_name as "column" from information_schema.columns
      where table_schema = current_schema() and column_name = 'email'`,
  )) as { rows: { table: string; column: string }[] };
  for (const { table, column } of emailColumns) {
    const [row] = (await knex(table).where(column, email).count({ n: '*' })) as { n: string | number }[];
    if (Number(row!.n)) counts[`${table}.${column}`] = Number(row!.n);
  }
  return counts;
}

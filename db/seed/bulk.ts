import type { SqlClient } from "../client";

/**
 * Drops the indexes that back no constraint and the foreign keys of tables about to take a big load, and
 * answers the statements that make them again. Built once over the loaded rows, an index is much
 * cheaper than kept up row by row (a GiST index most of all); a foreign key checks each inserted row on
 * its own (a look-up and a row lock in the referenced table), while one added after the load is checked
 * in one join (docs/decisions/0081, 0188). Run the statements, in order, in the same transaction.
 */
export async function dropForBulkLoad(sql: SqlClient, tables: readonly string[]): Promise<string[]> {
  const indexes = await sql<{ name: string; definition: string }[]>`
    SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
    WHERE i.schemaname = current_schema() AND i.tablename = ANY(${tables}::text[])
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conrelid = format('%I', i.tablename)::regclass AND c.conname = i.indexname)
    ORDER BY i.tablename, i.indexname`;
  const foreignKeys = await sql<{ tableName: string; name: string; definition: string }[]>`
    SELECT c.conrelid::regclass::text AS "tableName", c.conname AS name,
      format('ALTER TABLE %s ADD CONSTRAINT %I %s', c.conrelid::regclass, c.conname, pg_get_constraintdef(c.oid)) AS definition
    FROM pg_constraint c
    WHERE c.contype = 'f' AND c.conrelid IN (SELECT format('%I', t)::regclass FROM unnest(${tables}::text[]) AS t)
    ORDER BY c.conrelid::regclass::text, c.conname`;
  // The indexes are built again in this transaction: with at least 512 MB to sort in (the project's own
  // cluster has that already; a server's default is 64 MB).
  await sql`SELECT set_config('maintenance_work_mem', '512MB', true) WHERE pg_size_bytes(current_setting('maintenance_work_mem')) < pg_size_bytes('512MB')`;
  for (const index of indexes) await sql`DROP INDEX ${sql(index.name)}`;
  for (const key of foreignKeys) await sql`ALTER TABLE ${sql(key.tableName)} DROP CONSTRAINT ${sql(key.name)}`;
  return [...indexes, ...foreignKeys].map((row) => row.definition);
}

/** Makes again what `dropForBulkLoad` dropped. */
export async function restoreAfterBulkLoad(sql: SqlClient, statements: readonly string[]): Promise<void> {
  for (const statement of statements) await sql.unsafe(statement);
}

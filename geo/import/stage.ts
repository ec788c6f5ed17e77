import type { Pool, SqlClient } from "../../db/client";

/**
 * All-or-nothing imports (docs/decisions/0090-importer.md): every import first loads its rows into
 * the schema `import_staging` (unlogged tables, committed as they load, invisible to the app), then
 * applies the difference to the live tables in one transaction. A killed import leaves the live
 * tables as they were; searches see the old rows until that transaction commits, then the new ones.
 */
export const STAGE_SCHEMA = "import_staging";

/** One import at a time per database: a session lock, released by PostgreSQL if the importer dies. */
const IMPORT_LOCK = 18_0090;

export interface TableChanges {
  added: number;
  changed: number;
  removed: number;
}

export type ImportChanges = Record<string, TableChanges>;

export async function lockImports(sql: Pool, waitSeconds = 15): Promise<() => Promise<void>> {
  const reserved = await sql.reserve();
  let locked = false;
  // A killed importer's session may take a moment to end on the server: wait for it a little.
  for (let tries = 0; !locked && tries <= waitSeconds * 4; tries++) {
    if (tries) await new Promise((resolve) => setTimeout(resolve, 250));
    [{ locked }] = await reserved<{ locked: boolean }[]>`SELECT pg_try_advisory_lock(${IMPORT_LOCK}) AS locked`;
  }
  if (!locked) {
    reserved.release();
    throw new Error("Another import is running on this database; wait for it to finish");
  }
  return async () => {
    await reserved`SELECT pg_advisory_unlock(${IMPORT_LOCK})`;
    reserved.release();
  };
}

/** A fresh, empty staging schema: whatever a killed import left there is dropped. */
export async function resetStage(sql: SqlClient): Promise<void> {
  await sql.unsafe(`DROP SCHEMA IF EXISTS ${STAGE_SCHEMA} CASCADE`);
  await sql.unsafe(`CREATE SCHEMA ${STAGE_SCHEMA}`);
}

export async function dropStage(sql: SqlClient): Promise<void> {
  await sql.unsafe(`DROP SCHEMA IF EXISTS ${STAGE_SCHEMA} CASCADE`);
}

export function staged(table: string): string {
  return `${STAGE_SCHEMA}.${table}`;
}

export interface ApplySpec {
  /** The live table. */
  table: string;
  /** Its staging table (same column names). */
  stage: string;
  /** The columns that identify a row across imports (source ids). */
  key: string[];
  /** The columns an import sets; compared to decide whether a row changed. */
  columns: string[];
  /** Columns set when a row is added and left alone afterwards (a listing's slug). */
  insertOnly?: string[];
  /** Which live rows this import owns: the ones it removes when the file no longer has them. */
  scope: string;
  /** Extra SQL run between the removals and the updates (e.g. moving unique positions aside). */
  beforeUpdate?: string;
  /** The order new rows are written in (SQL over the stage `s`); by key when not given. */
  insertOrder?: string;
}

/**
 * Applies a staging table to its live table: removes owned rows the stage lacks, updates rows whose
 * columns differ (IS DISTINCT FROM, so an unchanged row is not written at all), inserts new ones.
 * Run inside the swap transaction. The same stage applied twice changes nothing the second time.
 */
export async function applyStage(tx: SqlClient, spec: ApplySpec): Promise<TableChanges> {
  const key = spec.key.join(", ");
  const matches = spec.key.map((k) => `t.${k} = s.${k}`).join(" AND ");
  const removed = await tx.unsafe(`
    DELETE FROM ${spec.table} t WHERE (${spec.scope})
      AND NOT EXISTS (SELECT 1 FROM ${spec.stage} s WHERE ${matches})`);
  if (spec.beforeUpdate) await tx.unsafe(spec.beforeUpdate);
  const differs = `(${spec.columns.map((c) => `t.${c}`).join(", ")}) IS DISTINCT FROM (${spec.columns.map((c) => `s.${c}`).join(", ")})`;
  const changed = spec.columns.length
    ? await tx.unsafe(`
    UPDATE ${spec.table} t SET ${spec.columns.map((c) => `${c} = s.${c}`).join(", ")}
    FROM ${spec.stage} s WHERE ${matches} AND ${differs}`)
    : { count: 0 };
  const all = [...spec.key, ...spec.columns, ...(spec.insertOnly ?? [])];
  const added = await tx.unsafe(`
    INSERT INTO ${spec.table} (${all.join(", ")})
    SELECT ${all.map((c) => `s.${c}`).join(", ")} FROM ${spec.stage} s
    WHERE NOT EXISTS (SELECT 1 FROM ${spec.table} t WHERE ${matches})
    ORDER BY ${spec.insertOrder ?? key}`);
  return { added: added.count, changed: changed.count, removed: removed.count };
}

/** The one entry that counts links, not rows (geo/import/derived.ts listingRoads): added = gained one, removed = lost it. */
export const LISTING_LINKS = "listings (nearest road and junction)";

/** "12 added, 3 changed, 0 removed" per table, for the summary and the dry run. */
export function describeChanges(changes: ImportChanges): string[] {
  const n = (value: number) => value.toLocaleString("en-GB");
  return Object.entries(changes).map(([table, c]) =>
    table === LISTING_LINKS
      ? `${table}: ${n(c.added)} gained one, ${n(c.changed)} changed, ${n(c.removed)} lost theirs`
      : `${table}: ${n(c.added)} added, ${n(c.changed)} changed, ${n(c.removed)} removed`,
  );
}

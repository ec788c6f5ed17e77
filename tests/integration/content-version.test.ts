import type postgres from "postgres";
import { describe, expect, it } from "vitest";
import { inRolledBackTransaction } from "../support/transaction";

// The content version (migration 0027) that tells the render cache a kept page may be out of date:
// every table a page can show moves it on any write, so a new table cannot be forgotten.
let tx: postgres.ReservedSql;

/** Tables written on every request, or never shown on a public page: writing them keeps the cache. */
const LEFT_OUT = ["account_tokens", "admin_audit_log", "captcha_spent", "caught_mail", "rate_limit_buckets", "road_count_cache", "sessions"];

inRolledBackTransaction((reserved) => (tx = reserved));

async function version(): Promise<bigint> {
  const [row] = await tx<{ v: string }[]>`SELECT (CASE WHEN is_called THEN last_value ELSE 0 END)::text AS v FROM content_version`;
  return BigInt(row.v);
}

describe("content version", () => {
  it("has its write triggers on every table but those left out", async () => {
    const tables = await tx<{ name: string; triggers: string[] }[]>`
      SELECT c.relname AS name, array_remove(array_agg(t.tgname ORDER BY t.tgname), NULL) AS triggers
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_trigger t ON t.tgrelid = c.oid AND t.tgname IN ('content_version', 'content_version_truncate')
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
      GROUP BY c.relname ORDER BY c.relname`;
    const missing = tables.filter((table) => !LEFT_OUT.includes(table.name) && table.triggers.length !== 2).map((table) => table.name);
    expect(missing, "tables a page can show whose writes do not move content_version (add the triggers in a migration)").toEqual([]);
    const unexpected = tables.filter((table) => LEFT_OUT.includes(table.name) && table.triggers.length > 0).map((table) => table.name);
    expect(unexpected).toEqual([]);
    expect(tables.length).toBeGreaterThan(30);
  });

  it("moves once per statement that writes a shown table, and not for the request counters", async () => {
    const before = await version();
    await tx`UPDATE listings SET title = title WHERE id IN (SELECT id FROM listings ORDER BY id LIMIT 3)`;
    const afterListings = await version();
    expect(afterListings).toBeGreaterThan(before);
    await tx`UPDATE reviews SET title = title WHERE false`;
    expect(await version()).toBeGreaterThan(afterListings);
    const beforeCounter = await version();
    await tx`INSERT INTO rate_limit_buckets SELECT * FROM rate_limit_buckets WHERE false`;
    expect(await version()).toBe(beforeCounter);
  });
});

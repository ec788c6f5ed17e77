import type postgres from "postgres";
import { afterAll, beforeAll } from "vitest";
import { connectTestDatabase } from "./database";

/**
 * One connection of the test database in a transaction for the whole test file, rolled back after it,
 * so the demo data stays as it is. `ready` receives the connection before the first test.
 */
export function inRolledBackTransaction(ready: (tx: postgres.ReservedSql) => void): void {
  const { sql, close } = connectTestDatabase();
  let tx: postgres.ReservedSql | undefined;
  beforeAll(async () => {
    tx = await sql.reserve();
    await tx`BEGIN`;
    ready(tx);
  });
  afterAll(async () => {
    if (tx) {
      await tx`ROLLBACK`;
      tx.release();
    }
    await close();
  });
}

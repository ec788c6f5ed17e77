// Decision 0323: the homepage's figures are kept while the content version is unchanged, and a write to a
// table a page shows (which steps the version) brings new figures on the next homepage.
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { closeDatabase, sql } from "../../app/db.server";
import { directoryStats } from "../../app/directory/stats.server";
import { RENDER_CACHE_SETTLE_MS } from "../../app/http/content-version.server";

afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await closeDatabase();
});

/** Moves the clock the cache reads (Date.now) without waiting. */
function later(ms: number) {
  vi.setSystemTime(Date.now() + ms);
}

describe("the homepage's figures", () => {
  it("are the same object while nothing changes, and are read again after a write", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    await directoryStats();
    later(RENDER_CACHE_SETTLE_MS + 1);
    // Read once the version has settled: this one is kept.
    const settled = await directoryStats();
    expect(await directoryStats()).toBe(settled);

    const [road] = await sql()<
      { id: number; description: string }[]
    >`SELECT id, description FROM roads ORDER BY id LIMIT 1`;
    expect(road, "the test database has the demo roads").toBeDefined();
    const changed = `${road.description} (kept-figures test)`;
    try {
      await sql()`UPDATE roads SET description = ${changed} WHERE id = ${road.id}`;
      const fresh = await directoryStats();
      expect(fresh).not.toBe(settled);
      expect(fresh.roads.find((r) => r.id === road.id)?.description).toBe(
        changed
      );
    } finally {
      await sql()`UPDATE roads SET description = ${road.description} WHERE id = ${road.id}`;
    }
    later(RENDER_CACHE_SETTLE_MS + 1);
    const restored = await directoryStats();
    expect(restored.roads.find((r) => r.id === road.id)?.description).toBe(
      road.description
    );
  });
});

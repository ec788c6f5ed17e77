import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type DatabaseHandle } from "../../db/client";
import { geocode } from "../../geo/geocode";
import { runPostcodeImport } from "../../geo/import/postcodes";
import { createProgress } from "../../geo/import/progress";
import { createScratchDatabase, migrateDatabase } from "../support/database";

// `npm run import -- postcodes` on a scratch database (the shared demo data is never touched), with a
// small hand-written dump in each of GeoNames' postal code layouts (tests/fixtures/postcodes).
const FIXTURES = "tests/fixtures/postcodes";
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let handle: DatabaseHandle;
let dir: string;
const silent = createProgress({ silent: true });

const run = (file: string, options: { country?: "GB" | "FR"; dryRun?: boolean } = {}) =>
  runPostcodeImport(handle.sql, { file: join(FIXTURES, file), reportPath: join(dir, `${file}.rejected.csv`), progress: silent, ...options });

async function codes(country: number): Promise<{ postcode: string; name: string; lat: number; lng: number }[]> {
  return handle.sql`
    SELECT postcode, name, ST_Y(location::geometry) AS lat, ST_X(location::geometry) AS lng
    FROM places WHERE kind = 'postcode' AND country_id = ${country} ORDER BY postcode, name`;
}

async function first(query: string) {
  const [hit] = await geocode(handle.sql, query);
  return hit;
}

beforeAll(async () => {
  scratch = await createScratchDatabase("pawroute_postcodes");
  handle = connect(scratch.url, { max: 4 });
  await migrateDatabase(handle);
  dir = mkdtempSync(join(tmpdir(), "pawroute-postcodes-"));
}, 120_000);

afterAll(async () => {
  await handle?.close();
  await scratch?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("importing GeoNames postcodes", () => {
  it("loads outward codes (GB.txt) as postcode places and reports the malformed row", async () => {
    const result = await run("GB.txt");
    expect(result.changes.postcodes).toEqual({ added: 3, changed: 0, removed: 0 });
    expect(result.rejected).toBe(1);
    expect(readFileSync(result.reportPath ?? "", "utf8")).toContain("XYZ,not a UK postcode");
    expect(await first("CA11")).toMatchObject({ kind: "postcode", formattedAddress: "CA11, Penrith, Cumbria, United Kingdom", address: { postal_code: "CA11", postal_town: "Penrith" } });
    expect(await first("eh1")).toMatchObject({ kind: "postcode", formattedAddress: "EH1, Edinburgh, United Kingdom" });
  });

  it("replaces the country's codes with full ones (GB_full.txt), making each outward code at the centroid of its full codes", async () => {
    const dry = await run("GB_full.txt", { dryRun: true });
    expect(dry.changes.postcodes.removed).toBe(1); // EH1 is not in the full file
    expect((await codes(235)).map((c) => c.postcode)).toEqual(["CA11", "EH1", "SW1A"]);

    const result = await run("GB_full.txt");
    // 5 codes (one line twice: rejected), written "CA117PL" in the file; SW1A and CA11 made from them.
    expect(result.rejected).toBe(1);
    expect(result.changes.postcodes).toEqual({ added: 5, changed: 2, removed: 1 });
    const gb = await codes(235);
    expect(gb.map((c) => c.postcode)).toEqual(["CA11", "CA11 7JQ", "CA11 7PL", "CA11 9BN", "SW1A", "SW1A 1AA", "SW1A 2AA"]);
    const ca11 = gb.find((c) => c.postcode === "CA11");
    expect(ca11?.lat).toBeCloseTo((54.664 + 54.669 + 54.662) / 3, 5);
    expect(ca11?.lng).toBeCloseTo((-2.7528 - 2.738 - 2.756) / 3, 5);

    for (const typed of ["SW1A 1AA", "sw1a1aa", " Sw1A  1aA "]) {
      const hit = await first(typed);
      expect(hit).toMatchObject({ kind: "postcode", formattedAddress: "SW1A 1AA, London, Greater London, United Kingdom" });
      expect(hit.lat).toBeCloseTo(51.501, 3);
    }
    const ca = await geocode(handle.sql, "CA11");
    expect(ca.map((hit) => hit.formattedAddress.split(",")[0])).toEqual(["CA11", "CA11 7JQ", "CA11 7PL", "CA11 9BN"]);

    const again = await run("GB_full.txt");
    expect(again.changes.postcodes).toEqual({ added: 0, changed: 0, removed: 0 });
  });

  it("adds France through the command line (FR.txt), several communes to one code, Great Britain's codes kept", async () => {
    const before = await codes(235);
    const cli = spawnSync(join("node_modules", ".bin", "tsx"), ["geo/import/cli.ts", "postcodes", join(FIXTURES, "FR.txt"), "--country", "FR", "--report", join(dir, "fr.csv")], {
      env: { ...process.env, DATABASE_URL: scratch.url },
      encoding: "utf8",
    });
    expect(cli.status).toBe(0);
    expect(cli.stdout).toContain("postcodes: 4 added, 0 changed, 0 removed");
    expect(cli.stdout).toContain("1 row rejected");
    expect(await codes(235)).toEqual(before);
    expect(await first("75001")).toMatchObject({ kind: "postcode", formattedAddress: "75001, Paris 01, Paris, France", address: { country: { slug: "france" } } });
    const bourg = await geocode(handle.sql, "01000");
    expect(bourg.map((hit) => hit.formattedAddress).sort()).toEqual(["01000, Bourg-en-Bresse, Ain, France", "01000, Saint-Denis-lès-Bourg, Ain, France"]);
    expect(await geocode(handle.sql, "10115")).toEqual([]);
  }, 60_000);
});

import type postgres from "postgres";
import { describe, expect, it } from "vitest";
import { inRolledBackTransaction } from "../support/transaction";

// The homepage's live listings per type come from listing_type_counts, kept by triggers in the same
// transaction as every change to listings. Checked against a full count after each kind of change
// (in a transaction that is rolled back, so the demo data stays as it is).
let tx: postgres.ReservedSql;

inRolledBackTransaction((reserved) => (tx = reserved));

async function counterAndTruth() {
  const counter = await tx<{ type_id: number; n: number }[]>`SELECT type_id, live AS n FROM listing_type_counts WHERE live <> 0 ORDER BY type_id`;
  const truth = await tx<{ type_id: number; n: number }[]>`SELECT type_id, count(*)::int AS n FROM listings WHERE status = 2 GROUP BY 1 ORDER BY 1`;
  return { counter, truth };
}

describe("live listings per type counter", () => {
  it("starts equal to a full count", async () => {
    const { counter, truth } = await counterAndTruth();
    expect(truth.length).toBeGreaterThan(0);
    expect(counter).toEqual(truth);
  });

  it("follows inserts, status changes, type changes and deletes, in the same transaction", async () => {
    const before = await counterAndTruth();
    await tx`
      INSERT INTO listings (slug, type_id, walk_type, title, full_title, country_id, status, location)
      SELECT 'counter-test-' || n, CASE WHEN n % 2 = 0 THEN 2 ELSE 5 END, CASE WHEN n % 2 = 0 THEN 'dog-friendly-pub' ELSE 'vet' END,
             'Counter ' || n, 'Counter ' || n, (SELECT id FROM countries WHERE slug = 'france'), CASE WHEN n % 3 = 0 THEN 4 ELSE 2 END,
             ST_SetSRID(ST_MakePoint(2.35, 48.85), 4326)::geography
      FROM generate_series(1, 30) AS n`;
    let now = await counterAndTruth();
    expect(now.counter).toEqual(now.truth);
    expect(now.counter).not.toEqual(before.counter);

    await tx`UPDATE listings SET status = 2 WHERE slug LIKE 'counter-test-%' AND status = 4`;
    now = await counterAndTruth();
    expect(now.counter).toEqual(now.truth);

    await tx`UPDATE listings SET status = 3 WHERE slug IN ('counter-test-1', 'counter-test-2', 'counter-test-3')`;
    await tx`UPDATE listings SET type_id = 3, walk_type = 'dog-friendly-beach' WHERE slug IN ('counter-test-4', 'counter-test-5')`;
    now = await counterAndTruth();
    expect(now.counter).toEqual(now.truth);

    await tx`DELETE FROM listings WHERE slug LIKE 'counter-test-%'`;
    now = await counterAndTruth();
    expect(now.counter).toEqual(now.truth);
    expect(now.counter).toEqual(before.counter);
  });
});

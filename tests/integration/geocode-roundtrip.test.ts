import { afterAll, describe, expect, it } from "vitest";
import { geocode, lookupLocation, placeByRef, placeRefOf } from "../../geo/geocode";
import { connectTestDatabase } from "../support/database";

// The geocoder finds every address it writes: each suggestion a visitor picks, sent back as text,
// names that same entry first (issue 10). A deterministic sample of every kind of gazetteer entry in
// both countries, plus French names with accents and listings.
const { sql, close } = connectTestDatabase();
afterAll(close);

const PER_GROUP = 12;

interface Entry {
  ref: string;
  group: string;
}

async function sample(): Promise<Entry[]> {
  const places = await sql<{ id: number; group: string }[]>`
    SELECT id, grp AS group FROM (
      SELECT p.id, p.kind || ' ' || co.slug AS grp,
             row_number() OVER (PARTITION BY p.kind, co.slug ORDER BY md5(p.id::text)) AS n
      FROM places p JOIN countries co ON co.id = p.country_id
    ) s WHERE n <= ${PER_GROUP}`;
  const accented = await sql<{ id: number }[]>`
    SELECT p.id FROM places p JOIN countries co ON co.id = p.country_id
    WHERE co.slug = 'france' AND p.name <> unaccent(p.name)
    ORDER BY md5(p.id::text) LIMIT ${PER_GROUP * 2}`;
  const listings = await sql<{ id: number; group: string }[]>`
    SELECT id, grp AS group FROM (
      SELECT l.id, 'listing ' || co.slug AS grp, row_number() OVER (PARTITION BY co.slug ORDER BY md5(l.id::text)) AS n
      FROM listings l JOIN countries co ON co.id = l.country_id WHERE l.status = 2
    ) s WHERE n <= ${PER_GROUP * 2}`;
  return [
    ...places.map((row) => ({ ref: `p${row.id}`, group: row.group })),
    ...accented.map((row) => ({ ref: `p${row.id}`, group: "accented france" })),
    ...listings.map((row) => ({ ref: `l${row.id}`, group: row.group })),
  ];
}

describe("geocoder round trip", () => {
  it("finds each entry first by the formattedAddress it returns for it, in every kind and both countries", async () => {
    const entries = await sample();
    const groups = new Set(entries.map((entry) => entry.group));
    for (const kind of ["city", "town", "village", "road", "junction", "listing"]) {
      expect(groups, kind).toContain(`${kind} united-kingdom`);
      expect(groups, kind).toContain(`${kind} france`);
    }
    expect(entries.filter((entry) => entry.group === "accented france").length).toBeGreaterThan(5);

    const failures: string[] = [];
    for (const entry of entries) {
      const place = await placeByRef(sql, entry.ref);
      if (!place) {
        failures.push(`${entry.ref}: not found by reference`);
        continue;
      }
      const address = place.formattedAddress;
      const hits = await lookupLocation(sql, address, { limit: 10 });
      // Two entries may share an address (two Wartons in Lancashire): the first hit has it, and the entry is among the hits.
      if (hits[0]?.formattedAddress !== address || !hits.some((hit) => placeRefOf(hit) === entry.ref)) {
        failures.push(`${entry.group} ${entry.ref} "${address}" -> ${hits.slice(0, 3).map((hit) => `${placeRefOf(hit)} "${hit.formattedAddress}"`).join("; ") || "nothing"}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("finds the entry itself first when its address is unique", async () => {
    const [bath] = await geocode(sql, "Bath, Bath and North East Somerset, United Kingdom");
    expect(bath).toMatchObject({ kind: "city", formattedAddress: "Bath, Bath and North East Somerset, United Kingdom" });
    const [bathie] = await geocode(sql, "La Bâthie, Savoie, France");
    expect(bathie?.formattedAddress).toBe("La Bâthie, Savoie, France");
    const [road] = await geocode(sql, "M6, United Kingdom");
    expect(road).toMatchObject({ kind: "road", formattedAddress: "M6, United Kingdom" });
  });

  it("keeps the country filter: a French address asked for in the UK finds no exact match", async () => {
    const hits = await geocode(sql, "La Bâthie, Savoie, France", { country: "united-kingdom" });
    expect(hits.every((hit) => hit.address.country.slug === "united-kingdom")).toBe(true);
  });

  it("names an entry by reference, and nothing for a malformed or missing one", async () => {
    const [bath] = await geocode(sql, "Bath");
    const ref = placeRefOf(bath);
    expect(await placeByRef(sql, ref)).toMatchObject({ id: bath.id, formattedAddress: bath.formattedAddress });
    for (const bad of ["", "p", "p0", "x12", "p12345678901234567890", "p1\u0000", "l2147483648", "p99999999"]) {
      expect(await placeByRef(sql, bad), bad).toBeNull();
    }
  });
});

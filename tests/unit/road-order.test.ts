// The road sign order every road list uses (pickers, the homepage, the footer): motorways first, then
// by letter with M before A, then by number, then any trailing text. Keys are worked out once per name.
import { describe, expect, it } from "vitest";
import { compareRoads } from "../../app/components/RoadBadge";

const road = (name: string, motorway = name.startsWith("M") || name.includes("(M)")) => ({ name, motorway });

describe("compareRoads", () => {
  it("puts motorways first, M before A, numbers in numeric order and 'M6' before 'M6 Toll'", () => {
    const shuffled = [road("A1(M)"), road("A303"), road("M6 Toll"), road("M27"), road("A34"), road("M3"), road("M6"), road("A1", false), road("E15", false)];
    expect(shuffled.sort(compareRoads).map((r) => r.name)).toEqual(["M3", "M6", "M6 Toll", "M27", "A1(M)", "E15", "A1", "A34", "A303"]);
  });

  it("orders by the motorway flag, not the name alone, when one name is given both ways", () => {
    expect(compareRoads(road("A1", true), road("A1", false))).toBeLessThan(0);
    expect(compareRoads(road("A1", false), road("A1", true))).toBeGreaterThan(0);
  });

  it("gives the same order on every sort (the keys it keeps are the ones it worked out)", () => {
    const names = ["M62", "M6", "A38", "M60", "A5", "M1", "A14"].map((name) => road(name));
    const first = [...names].sort(compareRoads).map((r) => r.name);
    const again = [...names].reverse().sort(compareRoads).map((r) => r.name);
    expect(first).toEqual(["M1", "M6", "M60", "M62", "A5", "A14", "A38"]);
    expect(again).toEqual(first);
  });
});

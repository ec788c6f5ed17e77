import { describe, expect, it } from "vitest";
import { bearingDegrees, haversineMetres, turnDegrees } from "../../geo/routing/geometry";
import { joinPieces } from "../../geo/routing/measures";

describe("route measures", () => {
  it("spread each piece's distance and time along its segments in proportion to their length", () => {
    const line = joinPieces([
      { coordinates: [[0, 0], [0, 0.01], [0, 0.03]], metres: 3000, seconds: 300 },
      { coordinates: [[0, 0.03], [0, 0.04]], metres: 2000, seconds: 100 },
    ]);
    expect(line.coordinates).toEqual([[0, 0], [0, 0.01], [0, 0.03], [0, 0.04]]);
    expect(line.measures.map((m) => Math.round(m.metres))).toEqual([0, 1000, 3000, 5000]);
    expect(line.measures.map((m) => Math.round(m.seconds))).toEqual([0, 100, 300, 400]);
    expect(line).toMatchObject({ distanceMetres: 5000, durationSeconds: 400 });
  });

  it("keeps a shared or repeated coordinate once, with the time spent there", () => {
    const line = joinPieces([
      { coordinates: [[0, 0], [0, 0]], metres: 0, seconds: 0 },
      { coordinates: [[0, 0], [0, 0.01]], metres: 1100, seconds: 60 },
      { coordinates: [[0, 0.01], [0, 0.01]], metres: 0, seconds: 30 },
    ]);
    expect(line.coordinates).toEqual([[0, 0], [0, 0.01]]);
    expect(line.measures).toEqual([
      { metres: 0, seconds: 0 },
      { metres: 1100, seconds: 90 },
    ]);
  });

  it("measure distances and headings on the sphere", () => {
    // London to Paris is about 344 km as the crow flies.
    expect(haversineMetres([-0.1276, 51.5072], [2.3522, 48.8566])).toBeGreaterThan(343_000);
    expect(haversineMetres([-0.1276, 51.5072], [2.3522, 48.8566])).toBeLessThan(345_000);
    expect(bearingDegrees([0, 0], [0, 1])).toBeCloseTo(0);
    expect(bearingDegrees([0, 0], [1, 0])).toBeCloseTo(90);
    expect(turnDegrees(350, 10)).toBeCloseTo(20);
    expect(turnDegrees(10, 350)).toBeCloseTo(-20);
    expect(turnDegrees(0, 180)).toBeCloseTo(180);
  });
});

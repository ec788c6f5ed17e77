import { describe, expect, it } from "vitest";
import { closedToCars, drivenClass, durationSeconds, maxspeedKmh, onewayOf } from "../../geo/import/osm";

// How the OSM importer reads a way's tags into the routing graph (docs/decisions/0221).
describe("which ways are driven", () => {
  it.each([
    [{ highway: "service" }, "minor"],
    [{ highway: "service", service: "parking_aisle" }, null],
    [{ highway: "service", service: "driveway" }, null],
    [{ highway: "service", service: "drive-through" }, null],
    [{ highway: "residential", access: "private" }, null],
    [{ highway: "residential", motor_vehicle: "no" }, null],
    [{ highway: "residential", motorcar: "no" }, null],
    [{ highway: "residential", vehicle: "private" }, null],
    [{ highway: "residential", access: "no", motor_vehicle: "yes" }, "minor"],
    [{ highway: "residential", access: "destination" }, "minor"],
    [{ highway: "footway" }, null],
    [{ route: "ferry", motor_vehicle: "yes" }, "ferry"],
    [{ route: "ferry", motorcar: "yes" }, "ferry"],
    [{ route: "ferry", foot: "yes" }, null],
    [{ route: "shuttle_train" }, "shuttle"],
    [{ route: "shuttle_train", motorcar: "no" }, null],
  ])("%o is %s", (tags, expected) => {
    expect(drivenClass(tags)).toBe(expected);
  });

  it("lets the most specific access tag decide", () => {
    expect(closedToCars({ vehicle: "no", motorcar: "yes" })).toBe(false);
    expect(closedToCars({ access: "yes", motor_vehicle: "private" })).toBe(true);
  });
});

describe("one-way, speed and duration tags", () => {
  it.each([
    ["residential", { oneway: "yes" }, 1],
    ["residential", { oneway: "1" }, 1],
    ["residential", { oneway: "true" }, 1],
    ["residential", { oneway: "-1" }, -1],
    ["residential", { oneway: "reversible" }, null],
    ["residential", { oneway: "alternating" }, null],
    ["tertiary", { junction: "roundabout" }, 1],
    ["motorway", {}, 1],
    ["motorway", { oneway: "no" }, 0],
    ["residential", {}, 0],
  ])("%s %o is %s", (highway, tags, expected) => {
    expect(onewayOf(highway, tags)).toBe(expected);
  });

  it.each([
    ["50", 50],
    ["30 mph", 30 * 1.609344],
    ["50 km/h", 50],
    ["GB:nsl_dual", 70 * 1.609344],
    ["FR:rural", 80],
    ["none", null],
    ["signals", null],
    [undefined, null],
  ])("maxspeed %s is %s km/h", (value, expected) => {
    const kmh = maxspeedKmh(value);
    if (expected === null) expect(kmh).toBeNull();
    else expect(kmh).toBeCloseTo(expected, 6);
  });

  it.each([
    ["01:30", 5400],
    ["1:30:30", 5430],
    ["90", 5400],
    ["PT1H15M", 4500],
    ["soon", null],
  ])("duration %s is %s seconds", (value, expected) => {
    expect(durationSeconds(value)).toBe(expected);
  });
});

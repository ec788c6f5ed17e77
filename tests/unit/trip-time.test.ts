import { describe, expect, it } from "vitest";
import { formatStops, parseStops, tripQuerySchema, tripUrl } from "../../geo/trip/query";
import { instantToLondon, londonToInstant, nextMorning, nextWholeHour } from "../../geo/trip/time";

describe("trip times in Europe/London", () => {
  it("reads a wall-clock departure in summer (BST) and winter (GMT)", () => {
    expect(londonToInstant("2027-07-17T07:00").toISOString()).toBe("2027-07-17T06:00:00.000Z");
    expect(londonToInstant("2026-12-07T08:00").toISOString()).toBe("2026-12-07T08:00:00.000Z");
    expect(instantToLondon(new Date("2027-03-28T01:30:00Z"))).toBe("2027-03-28T02:30");
  });

  it("ends an overnight stop at the next 09:00, at least 8 hours later", () => {
    expect(nextMorning(new Date("2027-07-17T16:00:00Z")).toISOString()).toBe("2027-07-18T08:00:00.000Z");
    expect(nextMorning(new Date("2027-07-17T23:30:00Z")).toISOString()).toBe("2027-07-18T08:00:00.000Z");
    expect(nextMorning(new Date("2027-07-17T02:00:00Z")).toISOString()).toBe("2027-07-18T08:00:00.000Z");
  });

  it("defaults the departure to the next whole hour", () => {
    expect(nextWholeHour(new Date("2026-12-06T04:10:00Z"))).toBe("2026-12-06T05:00");
    expect(nextWholeHour(new Date("2026-12-06T04:00:00Z"))).toBe("2026-12-06T05:00");
  });
});

describe("a plan is its URL", () => {
  it("writes the same plan back to the same URL, stops included", () => {
    const query = tripQuerySchema.parse({ from: "London", to: "Edinburgh", depart: "2026-12-07T08:00", every: "150", kind: "beach", vet: "1", edited: "1", stops: "12:20,34:45" });
    expect(tripUrl(query)).toBe("/trip?from=London&to=Edinburgh&depart=2026-12-07T08%3A00&every=150&kind=beach&vet=1&edited=1&stops=12%3A20%2C34%3A45");
    expect(tripQuerySchema.parse(Object.fromEntries(new URL(tripUrl(query), "http://x").searchParams))).toEqual(query);
  });

  it("refuses stops it cannot read and intervals out of range", () => {
    expect(parseStops("12:20,x")).toBeNull();
    expect(formatStops([{ listingId: 5, minutes: 30 }])).toBe("5:30");
    expect(tripQuerySchema.safeParse({ from: "A", to: "B", depart: "2026-12-07T08:00", every: "60" }).success).toBe(false);
    expect(tripQuerySchema.safeParse({ from: "A", to: "B", depart: "2026-12-07T08:00", stops: "1:2" }).success).toBe(false);
  });
});

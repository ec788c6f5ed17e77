import { afterAll, describe, expect, it } from "vitest";
import { createPgRoutingEngine } from "../../geo/routing/pgrouting";
import { GOOD_DETOUR_SECONDS, planTrip } from "../../geo/trip/plan";
import { detourSeconds } from "../../geo/trip/detours";
import { tripQuerySchema } from "../../geo/trip/query";
import { connectTestDatabase } from "../support/database";

const { sql, close } = connectTestDatabase();
const engine = createPgRoutingEngine(sql);
afterAll(() => close());

const query = (raw: Record<string, string>) => tripQuerySchema.parse({ depart: "2026-12-07T08:00", ...raw });
const minutes = (a: string, b: string) => (new Date(b).getTime() - new Date(a).getTime()) / 60_000;

describe("trip planner on the demo data", () => {
  it("London → Edinburgh every 2 h: breaks at most 2 h 15 of driving apart, small detours, arrival = departure + driving + breaks", async () => {
    const plan = await planTrip(sql, engine, query({ from: "London", to: "Edinburgh", every: "120", kind: "walk" }));
    expect(plan.gaps).toEqual([]);
    expect(plan.stops.length).toBeGreaterThanOrEqual(2);
    const along = [0, ...plan.stops.map((s) => s.alongSeconds)];
    for (let i = 1; i < along.length; i++) expect(along[i] - along[i - 1]).toBeLessThanOrEqual(135 * 60);
    for (const stop of plan.stops) {
      // Where the data has a listing within 10 minutes among the alternatives, the stop itself is one.
      const options = [stop, ...stop.alternatives];
      if (options.some((o) => o.detourMinutes !== null && o.detourMinutes * 60 <= GOOD_DETOUR_SECONDS)) {
        expect(stop.detourMinutes).not.toBeNull();
        expect((stop.detourMinutes ?? Infinity) * 60).toBeLessThanOrEqual(GOOD_DETOUR_SECONDS);
      }
      expect(stop.listing.url).toMatch(/^\/dog-walk\//);
      expect(stop.breakMinutes).toBe(20);
      expect(stop.alternatives.length).toBeGreaterThan(0);
    }
    expect(plan.breakMinutes).toBe(20 * plan.stops.length);
    expect(Math.abs(minutes(plan.departure, plan.arrival) - (plan.drivingMinutes + plan.breakMinutes))).toBeLessThanOrEqual(1);
    // Stops come in the order of the drive, each after the one before and its break.
    for (let i = 1; i < plan.stops.length; i++) {
      expect(minutes(plan.stops[i - 1].arrival, plan.stops[i].arrival)).toBeGreaterThan(plan.stops[i - 1].breakMinutes);
    }
  });

  it("measures detours by the routing engine, there and back, not as the crow flies", async () => {
    const plan = await planTrip(sql, engine, query({ from: "London", to: "Edinburgh", kind: "walk" }));
    const stop = plan.stops[0];
    const [seconds] = await detourSeconds(sql, [{ access: stop.access, listing: [stop.listing.lng, stop.listing.lat] }]);
    expect(seconds).not.toBeNull();
    expect(Math.round((seconds ?? 0) / 60)).toBe(stop.detourMinutes);
    // A detour of zero length is the same point: the connectors alone, there and back.
    const [same] = await detourSeconds(sql, [{ access: stop.access, listing: stop.access }]);
    expect(same).toBeLessThan(seconds ?? 0);
  });

  it("an interval longer than the drive gives no break", async () => {
    const plan = await planTrip(sql, engine, query({ from: "London", to: "Oxford", every: "180" }));
    expect(plan.drivingMinutes).toBeLessThan(180);
    expect(plan.stops).toEqual([]);
    expect(plan.gaps).toEqual([]);
    expect(plan.noBreakNeeded).toBe(true);
    expect(minutes(plan.departure, plan.arrival)).toBeCloseTo(plan.drivingMinutes, 0);
  });

  it("a break point with no listing within a sensible detour says so and offers the nearest", async () => {
    const plan = await planTrip(sql, engine, query({ from: "London", to: "Edinburgh", kind: "beach" }));
    expect(plan.gaps.length).toBeGreaterThan(0);
    for (const gap of plan.gaps) expect(gap.message).toBe("No beach within a sensible detour of this point of the drive.");
    const offered = plan.gaps.flatMap((g) => g.nearest);
    expect(offered.length).toBeGreaterThan(0);
    for (const o of offered) expect(o.listing.url).toMatch(/^\/(dog-friendly-beach|dog-walk)\//);
  });

  it("an edited plan keeps exactly its stops, in the listed order, with their break lengths", async () => {
    const auto = await planTrip(sql, engine, query({ from: "London", to: "Edinburgh" }));
    const [first, second] = auto.stops;
    const swapped = second.alternatives[0].listing.id;
    const inOrder = await planTrip(sql, engine, query({ from: "London", to: "Edinburgh", edited: "1", stops: `${first.listing.id}:20,${swapped}:35` }));
    expect(inOrder.stops.map((s) => s.listing.id)).toEqual([first.listing.id, swapped]);
    expect(inOrder.stops.map((s) => s.breakMinutes)).toEqual([20, 35]);
    expect(inOrder.breakMinutes).toBe(55);
    expect(inOrder.backtrackMinutes).toBe(0);
    expect(inOrder.stops.map((s) => s.backMinutes)).toEqual([0, 0]);
    const none = await planTrip(sql, engine, query({ from: "London", to: "Edinburgh", edited: "1", stops: "" }));
    expect(none.stops).toEqual([]);
    expect(none.noBreakNeeded).toBe(false);
  });

  it("a reordered plan visits the stops in its order and counts the drive back along the route", async () => {
    const auto = await planTrip(sql, engine, query({ from: "London", to: "Edinburgh" }));
    const [first, second] = auto.stops;
    const forward = await planTrip(sql, engine, query({ from: "London", to: "Edinburgh", edited: "1", stops: `${first.listing.id}:20,${second.listing.id}:20` }));
    const reversed = await planTrip(sql, engine, query({ from: "London", to: "Edinburgh", edited: "1", stops: `${second.listing.id}:20,${first.listing.id}:20` }));
    expect(reversed.stops.map((s) => s.listing.id)).toEqual([second.listing.id, first.listing.id]);
    // The second stop of the reversed plan lies behind the first: driven back to, then forward again.
    const back = (second.alongSeconds - first.alongSeconds) / 60;
    expect(back).toBeGreaterThan(30);
    expect(reversed.stops[0].backMinutes).toBe(0);
    expect(Math.abs(reversed.stops[1].backMinutes - back)).toBeLessThanOrEqual(1);
    expect(Math.abs(reversed.backtrackMinutes - 2 * back)).toBeLessThanOrEqual(1);
    expect(Math.abs(reversed.drivingMinutes - (forward.drivingMinutes + 2 * back))).toBeLessThanOrEqual(1);
    expect(reversed.distanceMiles).toBeGreaterThan(forward.distanceMiles);
    // Times follow the order: the first stop of the reversed plan is reached when the drive gets there, the next after driving back.
    expect(Math.abs(minutes(forward.stops[1].arrival, reversed.stops[0].arrival) + forward.stops[0].breakMinutes + (forward.stops[0].detourMinutes ?? 0))).toBeLessThanOrEqual(1);
    expect(minutes(reversed.stops[0].arrival, reversed.stops[1].arrival)).toBeGreaterThan(back + reversed.stops[0].breakMinutes - 1);
    // Arrival is still departure + driving + breaks.
    expect(Math.abs(minutes(reversed.departure, reversed.arrival) - (reversed.drivingMinutes + reversed.breakMinutes))).toBeLessThanOrEqual(1);
  });

  it("a plan's stops cannot name the same listing twice", () => {
    expect(tripQuerySchema.safeParse({ from: "London", to: "Edinburgh", depart: "2026-12-07T08:00", edited: "1", stops: "5:20,5:20" }).success).toBe(false);
  });

  it("an overnight stop on a long drive ends the next morning at 09:00 London time", async () => {
    const plan = await planTrip(sql, engine, query({ from: "Calais", to: "Marseille", overnight: "5" }));
    const overnight = plan.stops.filter((s) => s.kind === "overnight");
    expect(overnight.length + plan.gaps.filter((g) => g.kind === "overnight").length).toBe(1);
    for (const stop of overnight) {
      const end = new Date(new Date(stop.arrival).getTime() + stop.breakMinutes * 60_000);
      expect(end.toISOString().slice(11, 16)).toBe("09:00");
    }
  });
});

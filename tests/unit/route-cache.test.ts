import { describe, expect, it } from "vitest";
import { withRequestRoutes, withRouteCache } from "../../geo/routing/cache";
import type { LngLat, Route, RouteOptions, RoutingEngine } from "../../geo/routing/port";

// The route cache (decision 0181) around an engine that counts what it is asked and answers a route
// with as many points as it is told.

const A: LngLat = { lng: -0.1276, lat: 51.5072 };
const B: LngLat = { lng: -1.5491, lat: 53.8008 };
const C: LngLat = { lng: -2.9916, lat: 53.4084 };

function routeOf(points: number, steps: boolean): Route {
  const coordinates = Array.from({ length: points }, (_, i): [number, number] => [i / 100, 50 + i / 100]);
  return {
    distanceMetres: points * 100,
    durationSeconds: points * 5,
    coordinates,
    measures: coordinates.map((_, i) => ({ metres: i * 100, seconds: i * 5 })),
    legs: [{ distanceMetres: points * 100, durationSeconds: points * 5, steps: steps ? [{ point: { lng: 0, lat: 50 }, icon: "depart", description: "Head north", distanceMetres: 100, durationSeconds: 5, roadName: "" }] : [] }],
    connectors: [],
  };
}

function countingEngine(points = 10) {
  const asked: string[] = [];
  let fail = false;
  const engine: RoutingEngine = {
    name: "pgrouting",
    async route(from: LngLat, to: LngLat, options?: RouteOptions) {
      asked.push(`${from.lng}->${to.lng}${options?.steps ? " steps" : ""}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (fail) throw new Error("the engine is down");
      return routeOf(points, Boolean(options?.steps));
    },
  };
  return { engine, asked, failNext: (value: boolean) => (fail = value) };
}

describe("the route cache", () => {
  it("asks the engine once for the same ends and gives every caller the same frozen route", async () => {
    const { engine, asked } = countingEngine();
    const cached = withRouteCache(engine);
    const first = await cached.route(A, B);
    const again = await cached.route({ ...A }, { ...B });
    expect(asked).toEqual([`${A.lng}->${B.lng}`]);
    expect(again).toBe(first);
    expect(() => first?.coordinates.push([0, 0])).toThrow(TypeError);
    expect(() => {
      if (first) first.coordinates[0][0] = 9;
    }).toThrow(TypeError);
    expect(() => {
      if (first) first.measures[1].metres = 0;
    }).toThrow(TypeError);
  });

  it("keeps a route with steps apart from one without, and other ends apart", async () => {
    const { engine, asked } = countingEngine();
    const cached = withRouteCache(engine);
    await cached.route(A, B);
    const withSteps = await cached.route(A, B, { steps: true });
    await cached.route(B, A);
    expect(asked).toEqual([`${A.lng}->${B.lng}`, `${A.lng}->${B.lng} steps`, `${B.lng}->${A.lng}`]);
    expect(withSteps?.legs[0].steps).toHaveLength(1);
  });

  it("asks once for requests that arrive while the route is being worked out", async () => {
    const { engine, asked } = countingEngine();
    const cached = withRouteCache(engine);
    const routes = await Promise.all([cached.route(A, B), cached.route(A, B), cached.route(A, B)]);
    expect(asked).toHaveLength(1);
    expect(new Set(routes).size).toBe(1);
  });

  it("asks again once the route is older than the given seconds", async () => {
    const { engine, asked } = countingEngine();
    let clock = 1_000_000;
    const cached = withRouteCache(engine, { seconds: 60, now: () => clock });
    await cached.route(A, B);
    clock += 59_000;
    await cached.route(A, B);
    expect(asked).toHaveLength(1);
    clock += 2_000;
    await cached.route(A, B);
    expect(asked).toHaveLength(2);
  });

  it("does not keep a failure", async () => {
    const { engine, asked, failNext } = countingEngine();
    const cached = withRouteCache(engine);
    failNext(true);
    await expect(cached.route(A, B)).rejects.toThrow("the engine is down");
    failNext(false);
    expect(await cached.route(A, B)).not.toBeNull();
    expect(asked).toHaveLength(2);
  });

  it("lets the least recently used route go when the points are over the budget", async () => {
    const { engine, asked } = countingEngine(100);
    const cached = withRouteCache(engine, { maxPoints: 250 });
    await cached.route(A, B);
    await cached.route(A, C);
    await cached.route(A, B); // A->B is now the most recently used
    await cached.route(B, C); // 300 points: A->C goes
    expect(asked).toHaveLength(3);
    await cached.route(A, B);
    await cached.route(B, C);
    expect(asked).toHaveLength(3);
    await cached.route(A, C);
    expect(asked).toHaveLength(4);
  });

  it("is the engine itself with seconds 0", async () => {
    const { engine, asked } = countingEngine();
    const cached = withRouteCache(engine, { seconds: 0 });
    expect(cached).toBe(engine);
    await cached.route(A, B);
    await cached.route(A, B);
    expect(asked).toHaveLength(2);
  });
});

describe("a request's routes (decision 0324)", () => {
  it("asks the engine once per drive within a request, also with the process's cache off, and again in the next request", async () => {
    const { engine, asked } = countingEngine();
    const uncached = withRouteCache(engine, { seconds: 0 });
    const request = withRequestRoutes(uncached);
    const [first, second] = await Promise.all([request.route(A, B), request.route({ ...A, label: "London" } as LngLat, { ...B })]);
    expect(second).toBe(first);
    await request.route(A, C);
    await request.route(A, B, { steps: true });
    expect(asked).toEqual([`${A.lng}->${B.lng}`, `${A.lng}->${C.lng}`, `${A.lng}->${B.lng} steps`]);
    await withRequestRoutes(uncached).route(A, B);
    expect(asked).toHaveLength(4);
  });
});

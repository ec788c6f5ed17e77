import { z } from "zod";
import { AppError } from "../../core/errors";
import { joinPieces, type RoutePiece } from "./measures";
import { osrmSteps } from "./osrm-instructions";
import { haversineMetres } from "./geometry";
import { DEFAULT_SNAP_METRES, type LngLat, type Route, type RouteConnector, type RouteOptions, type RoutingEngine } from "./port";

export const OSRM_UNAVAILABLE_MESSAGE = "The routing service is not available right now";
const REQUEST_TIMEOUT_MS = 10_000;
/** Answers that mean "there is no drivable route", not "the service failed". */
const NO_ROUTE_CODES = new Set(["NoRoute", "NoSegment"]);

const position = z.tuple([z.number(), z.number()]);

// The parts of the OSRM v5 route response (docs/http.md of osrm-backend) that Pawroute reads.
const stepSchema = z.object({
  distance: z.number(),
  duration: z.number(),
  name: z.string().default(""),
  ref: z.string().optional(),
  exits: z.string().optional(),
  mode: z.string().default("driving"),
  driving_side: z.string().optional(),
  maneuver: z.object({
    location: position,
    bearing_before: z.number().optional(),
    bearing_after: z.number().optional(),
    type: z.string(),
    modifier: z.string().optional(),
    exit: z.number().optional(),
  }),
});

const legSchema = z.object({
  distance: z.number(),
  duration: z.number(),
  steps: z.array(stepSchema).default([]),
  annotation: z.object({ distance: z.array(z.number()), duration: z.array(z.number()) }).optional(),
});

const routeSchema = z.object({
  distance: z.number(),
  duration: z.number(),
  geometry: z.object({ type: z.literal("LineString"), coordinates: z.array(position) }),
  legs: z.array(legSchema),
});

// Where OSRM put each end on its network: `distance` is how far that is from the point asked for.
const waypointSchema = z.object({ location: position, distance: z.number().optional() });

const responseSchema = z.object({
  code: z.string(),
  message: z.string().optional(),
  routes: z.array(routeSchema).optional(),
  waypoints: z.array(waypointSchema).optional(),
});

type OsrmWaypoint = z.infer<typeof waypointSchema>;

type OsrmRoute = z.infer<typeof routeSchema>;

function unavailable(): AppError {
  return new AppError(503, OSRM_UNAVAILABLE_MESSAGE);
}

function coordinate(point: LngLat): string {
  return `${point.lng.toFixed(6)},${point.lat.toFixed(6)}`;
}

/** The v5 route request: full GeoJSON geometry, per-segment distance and duration, steps only for directions. */
export function osrmRouteUrl(baseUrl: string, from: LngLat, to: LngLat, options: RouteOptions = {}): string {
  const query = `overview=full&geometries=geojson&steps=${options.steps ? "true" : "false"}&annotations=distance,duration`;
  return `${baseUrl.replace(/\/+$/, "")}/route/v1/driving/${coordinate(from)};${coordinate(to)}?${query}`;
}

/**
 * One piece per geometry segment from the legs' annotations, scaled so that the measures end at
 * the route's own totals (annotations are rounded). Without usable annotations the totals are
 * spread along the line by length.
 */
function osrmPieces(route: OsrmRoute): RoutePiece[] {
  const coordinates = route.geometry.coordinates;
  const metres = route.legs.flatMap((leg) => leg.annotation?.distance ?? []);
  const seconds = route.legs.flatMap((leg) => leg.annotation?.duration ?? []);
  const usable = metres.length === coordinates.length - 1 && seconds.length === metres.length;
  if (!usable || coordinates.length < 2) return [{ coordinates, metres: route.distance, seconds: route.duration }];
  const sumMetres = metres.reduce((a, b) => a + b, 0);
  const sumSeconds = seconds.reduce((a, b) => a + b, 0);
  const metreScale = sumMetres > 0 ? route.distance / sumMetres : 0;
  const secondScale = sumSeconds > 0 ? route.duration / sumSeconds : 0;
  return metres.map((m, i): RoutePiece => ({
    coordinates: [coordinates[i], coordinates[i + 1]],
    metres: m * metreScale,
    seconds: seconds[i] * secondScale,
  }));
}

/** The straight stretches between the points asked for and where OSRM put them on its network. */
function osrmConnectors(from: LngLat, to: LngLat, waypoints: OsrmWaypoint[]): RouteConnector[] {
  const [first, last] = [waypoints[0], waypoints[waypoints.length - 1]];
  const stretches: RouteConnector[] = [];
  if (first) stretches.push({ from: [from.lng, from.lat], to: first.location, metres: first.distance ?? haversineMetres([from.lng, from.lat], first.location) });
  if (last) stretches.push({ from: last.location, to: [to.lng, to.lat], metres: last.distance ?? haversineMetres(last.location, [to.lng, to.lat]) });
  return stretches.filter((c) => c.metres > 0);
}

function toRoute(route: OsrmRoute, options: RouteOptions, connectors: RouteConnector[]): Route {
  const line = joinPieces(osrmPieces(route));
  return {
    distanceMetres: route.distance,
    durationSeconds: route.duration,
    coordinates: line.coordinates,
    measures: line.measures,
    legs: route.legs.map((leg) => ({
      distanceMetres: leg.distance,
      durationSeconds: leg.duration,
      steps: options.steps ? osrmSteps(leg.steps) : [],
    })),
    connectors,
  };
}

async function fetchJson(url: string): Promise<{ status: number; body: unknown }> {
  try {
    const response = await fetch(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    // Refused, timed out, or not JSON (a proxy's error page): the service is not usable now.
    throw unavailable();
  }
}

export interface OsrmOptions {
  /** How far an end may be from where OSRM snaps it; farther is "no route" (ROUTING_SNAP_METRES). */
  snapMetres?: number;
}

/** An engine that asks an OSRM v5 server (osrm-routed) over HTTP, for deployments with the full road network. */
export function createOsrmEngine(baseUrl: string, { snapMetres = DEFAULT_SNAP_METRES }: OsrmOptions = {}): RoutingEngine {
  return {
    name: "osrm",
    async route(from, to, options = {}) {
      const { status, body } = await fetchJson(osrmRouteUrl(baseUrl, from, to, options));
      const parsed = responseSchema.safeParse(body);
      if (!parsed.success) throw unavailable();
      const { code, routes } = parsed.data;
      // OSRM answers errors, NoRoute included, with HTTP 400 and a code in the body.
      if (NO_ROUTE_CODES.has(code)) return null;
      if (code !== "Ok" || status >= 400) throw unavailable();
      const [best] = routes ?? [];
      if (!best) return null;
      const connectors = osrmConnectors(from, to, parsed.data.waypoints ?? []);
      // An end far from every road OSRM knows is off its network: no route, not a line across the gap.
      if (connectors.some((c) => c.metres > snapMetres)) return null;
      return toRoute(best, options, connectors);
    },
  };
}

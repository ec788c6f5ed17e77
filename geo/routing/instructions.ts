import { bearingDegrees, samePosition, toLngLat, turnDegrees, type Position } from "./geometry";
import type { RouteStep } from "./port";

/** One edge of a pgRouting path, oriented in the direction of travel. */
export interface PathEdge {
  roadClass: string;
  name: string;
  roadId: number | null;
  startVertex: string;
  endVertex: string;
  coordinates: Position[];
  metres: number;
  seconds: number;
}

export interface JunctionName {
  number: string;
  /** "Junction 15" on UK roads, "Exit 12" on French autoroutes. */
  expandedName: string;
}

/** What the words need from the database: town names at vertices, junctions of a road at a vertex. */
export interface StepLookups {
  townAt(vertex: string): string | null;
  junctionAt(roadId: number, vertex: string): JunctionName | null;
}

export interface Distance {
  metres: number;
  seconds: number;
}

export interface StepInput {
  /** The exact start and end the visitor asked for (the path runs between the nearest vertices). */
  start: Position;
  end: Position;
  startLeg: Distance;
  endLeg: Distance;
  edges: PathEdge[];
  lookups: StepLookups;
}

/** Consecutive edges of one road: what a driver follows without a new instruction. */
export interface Stretch {
  roadClass: string;
  name: string;
  roadId: number | null;
  startVertex: string;
  endVertex: string;
  start: Position;
  firstBearing: number;
  lastBearing: number;
  metres: number;
  seconds: number;
}

const MOTORWAY_CLASSES = new Set(["motorway", "autoroute"]);
const CROSSING_CLASSES = new Set(["shuttle", "ferry"]);
/** Below this change of heading the road ahead is "continue", above it a turn. */
const STRAIGHT_ON_DEGREES = 30;

export function isMotorway(roadClass: string): boolean {
  return MOTORWAY_CLASSES.has(roadClass);
}

function isCrossing(roadClass: string): boolean {
  return CROSSING_CLASSES.has(roadClass);
}

function sameRoad(a: PathEdge, b: PathEdge): boolean {
  if (a.roadId !== null || b.roadId !== null) return a.roadId === b.roadId;
  return a.name === b.name && a.roadClass === b.roadClass;
}

/** Bearing of the first or last non-degenerate segment of an edge. */
function edgeBearing(coordinates: Position[], at: "start" | "end"): number {
  const points = at === "start" ? coordinates : [...coordinates].reverse();
  const from = points[0];
  const to = points.find((p) => !samePosition(p, from));
  if (!to) return 0;
  return at === "start" ? bearingDegrees(from, to) : bearingDegrees(to, from);
}

function stretchOf(edge: PathEdge): Stretch {
  return {
    roadClass: edge.roadClass,
    name: edge.name,
    roadId: edge.roadId,
    startVertex: edge.startVertex,
    endVertex: edge.endVertex,
    start: edge.coordinates[0],
    firstBearing: edgeBearing(edge.coordinates, "start"),
    lastBearing: edgeBearing(edge.coordinates, "end"),
    metres: edge.metres,
    seconds: edge.seconds,
  };
}

/** Merges consecutive edges of the same road (same road id, or the same name when there is none). */
export function stretchesOf(edges: PathEdge[]): Stretch[] {
  const stretches: Stretch[] = [];
  edges.forEach((edge, i) => {
    const current = stretches[stretches.length - 1];
    if (current && i > 0 && sameRoad(edges[i - 1], edge)) {
      current.endVertex = edge.endVertex;
      current.lastBearing = edgeBearing(edge.coordinates, "end");
      current.metres += edge.metres;
      current.seconds += edge.seconds;
    } else {
      stretches.push(stretchOf(edge));
    }
  });
  return stretches;
}

/** The vertices and (road, vertex) junctions the instructions of these edges will ask about. */
export function lookupKeys(edges: PathEdge[]): { vertices: string[]; junctions: { roadId: number; vertex: string }[] } {
  const vertices = new Set<string>();
  const junctions: { roadId: number; vertex: string }[] = [];
  for (const stretch of stretchesOf(edges)) {
    vertices.add(stretch.startVertex);
    vertices.add(stretch.endVertex);
    if (stretch.roadId !== null && isMotorway(stretch.roadClass)) {
      junctions.push({ roadId: stretch.roadId, vertex: stretch.startVertex }, { roadId: stretch.roadId, vertex: stretch.endVertex });
    }
  }
  return { vertices: [...vertices], junctions };
}

/** A road number as drivers read it: M6, A74(M), A7, N7, D906, E15, M6 Toll. */
const ROAD_NUMBER = /^[A-Z]{1,3}\s?\d+[A-Z]?(\(M\))?( Toll)?$/;
/** What the importer calls a way with no name: "Local road", "Primary road" (geo/import/osm.ts). */
const UNNAMED_CLASS = /^(local|minor|primary|secondary|tertiary|trunk|motorway|residential|service|unclassified) road$/i;

/** The first step that names a town near an unnamed junction: farther than this, no town is named. */
export const NEAREST_TOWN_METRES = 15_000;

/**
 * A road as a sentence says it: "the M6", "Oxford Street", "Rue de Rivoli", "the Carlisle – Penrith road",
 * "a local road" for a way with no name.
 */
export function theRoad(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return "a local road";
  const unnamed = UNNAMED_CLASS.exec(trimmed);
  if (unnamed) {
    const kind = unnamed[1].toLowerCase();
    if (kind === "motorway") return "a motorway";
    return `a ${kind === "minor" || kind === "unclassified" || kind === "residential" || kind === "service" ? "local" : kind} road`;
  }
  if (/^the\s/i.test(trimmed)) return trimmed;
  // Numbers and descriptions ("Carlisle – Penrith road") take "the"; a street's own name does not.
  if (ROAD_NUMBER.test(trimmed) || /\sroad$/.test(trimmed)) return `the ${trimmed}`;
  return trimmed;
}

/** A crossing by its name: "the Channel Tunnel (Le Shuttle)", "the Dover – Calais ferry". */
function theCrossing(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return "the ferry";
  return /^the\s/i.test(trimmed) ? trimmed : `the ${trimmed}`;
}

/** "junction 15" / "exit 12" from the junction's expanded name. */
function junctionPhrase(junction: JunctionName): string {
  const name = junction.expandedName.trim() || `Junction ${junction.number}`;
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/** "at junction 15", "near Stoke-on-Trent", or nothing when neither is known. */
function wherePhrase(roadId: number | null, vertex: string, lookups: StepLookups): string {
  const junction = roadId === null ? null : lookups.junctionAt(roadId, vertex);
  if (junction) return ` at ${junctionPhrase(junction)}`;
  const town = lookups.townAt(vertex);
  return town ? ` near ${town}` : "";
}

function departDescription(first: Stretch, lookups: StepLookups): string {
  const town = lookups.townAt(first.endVertex);
  return town ? `Head towards ${town} on ${theRoad(first.name)}` : `Head off on ${theRoad(first.name)}`;
}

/** The instruction at the start of a stretch, given the stretch before it. */
function manoeuvre(previous: Stretch, current: Stretch, lookups: StepLookups): Pick<RouteStep, "icon" | "description"> {
  if (isCrossing(current.roadClass)) {
    return { icon: "ferry", description: `Take ${theCrossing(current.name)}` };
  }
  if (isMotorway(current.roadClass)) {
    return { icon: "join-motorway", description: `Join ${theRoad(current.name)}${wherePhrase(current.roadId, current.startVertex, lookups)}` };
  }
  if (isMotorway(previous.roadClass)) {
    const where = wherePhrase(previous.roadId, current.startVertex, lookups);
    return { icon: "leave-motorway", description: `Leave ${theRoad(previous.name)}${where} onto ${theRoad(current.name)}` };
  }
  const turn = turnDegrees(previous.lastBearing, current.firstBearing);
  if (Math.abs(turn) <= STRAIGHT_ON_DEGREES) return { icon: "continue", description: `Continue onto ${theRoad(current.name)}` };
  return turn > 0
    ? { icon: "turn-right", description: `Turn right onto ${theRoad(current.name)}` }
    : { icon: "turn-left", description: `Turn left onto ${theRoad(current.name)}` };
}

function arriveStep(end: Position): RouteStep {
  return { point: toLngLat(end), icon: "arrive", description: "Arrive at your destination", distanceMetres: 0, durationSeconds: 0, roadName: "" };
}

/**
 * Turn-by-turn steps for a pgRouting path: depart, one step per road followed (joining and
 * leaving motorways by junction, crossings, turns from the change of heading) and arrive. The
 * short connectors from the exact start and end to the graph count towards the first and last step.
 */
export function buildSteps(input: StepInput): RouteStep[] {
  const { start, end, startLeg, endLeg, lookups } = input;
  const stretches = stretchesOf(input.edges);
  if (stretches.length === 0) {
    const direct: RouteStep = {
      point: toLngLat(start),
      icon: "depart",
      description: "Head towards your destination",
      distanceMetres: startLeg.metres + endLeg.metres,
      durationSeconds: startLeg.seconds + endLeg.seconds,
      roadName: "",
    };
    return [direct, arriveStep(end)];
  }

  const steps: RouteStep[] = stretches.map((stretch, i) => {
    const { icon, description } = i === 0 ? { icon: "depart", description: departDescription(stretch, lookups) } : manoeuvre(stretches[i - 1], stretch, lookups);
    return {
      point: toLngLat(i === 0 ? start : stretch.start),
      icon,
      description,
      distanceMetres: stretch.metres,
      durationSeconds: stretch.seconds,
      roadName: stretch.name,
    };
  });
  steps[0].distanceMetres += startLeg.metres;
  steps[0].durationSeconds += startLeg.seconds;
  steps[steps.length - 1].distanceMetres += endLeg.metres;
  steps[steps.length - 1].durationSeconds += endLeg.seconds;
  return [...steps, arriveStep(end)];
}

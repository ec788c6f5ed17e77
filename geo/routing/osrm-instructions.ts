import { toLngLat, type Position } from "./geometry";
import type { RouteStep } from "./port";

/** The parts of an OSRM v5 RouteStep that the words are made from. */
export interface OsrmStepInput {
  distance: number;
  duration: number;
  name: string;
  ref?: string;
  exits?: string;
  mode: string;
  driving_side?: string;
  maneuver: {
    location: Position;
    bearing_after?: number;
    type: string;
    modifier?: string;
    exit?: number;
  };
}

type Icon = RouteStep["icon"];

const COMPASS = ["north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"];
const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"];
/** A road number as drivers read it: M6, A74(M), A7, N7, D906, E15. */
const ROAD_NUMBER = /^[A-Z]{1,3}\d+[A-Z]?(\(M\))?$/;
/** UK motorways (M6, A1(M)) and French autoroutes (A7) that "on ramp" and "merge" join. */
const MOTORWAY_NUMBER = /^(M\d+[A-Z]?|A\d+\(M\)|A\d+)$/;
const UK_MOTORWAY_NUMBER = /^(M\d+[A-Z]?|A\d+\(M\))$/;

/** OSRM joins several refs with ";" ("M6;E 05"): the first is the one on the signs. */
function firstRef(step: OsrmStepInput): string {
  return (step.ref ?? "").split(";")[0].trim();
}

/** "Strand (A4)", "the M6", "Rue de Rivoli", or "a local road" when the way has neither name nor ref. */
export function osrmRoad(step: OsrmStepInput): string {
  const name = step.name.trim();
  const ref = firstRef(step);
  if (name && ref && name !== ref) return `${name} (${ref})`;
  const label = name || ref;
  if (!label) return "a local road";
  return ROAD_NUMBER.test(label) ? `the ${label}` : label;
}

function isMotorwayStep(step: OsrmStepInput): boolean {
  return MOTORWAY_NUMBER.test(firstRef(step)) || MOTORWAY_NUMBER.test(step.name.trim());
}

function compass(bearing: number | undefined): string {
  return COMPASS[Math.round((((bearing ?? 0) % 360) + 360) % 360 / 45) % 8];
}

function ordinal(n: number | undefined): string {
  return n && n <= ORDINALS.length ? ORDINALS[n - 1] : `number ${n ?? 1}`;
}

function side(modifier: string | undefined): "left" | "right" | "straight" | "uturn" {
  if (!modifier || modifier === "straight") return "straight";
  if (modifier === "uturn") return "uturn";
  return modifier.includes("left") ? "left" : "right";
}

/** Turn, fork, end of road, new name, continue, unknown types: the words follow the modifier. */
function turn(step: OsrmStepInput): { icon: Icon; description: string } {
  const road = osrmRoad(step);
  const direction = side(step.maneuver.modifier);
  if (direction === "straight") return { icon: "continue", description: `Continue onto ${road}` };
  if (direction === "uturn") {
    // A U-turn crosses the oncoming traffic: to the right where cars drive on the left (UK).
    return { icon: step.driving_side === "left" ? "turn-right" : "turn-left", description: `Make a U-turn onto ${road}` };
  }
  const icon: Icon = direction === "left" ? "turn-left" : "turn-right";
  const slight = step.maneuver.modifier?.startsWith("slight");
  if (step.maneuver.type === "fork") return { icon, description: `Keep ${direction} onto ${road}` };
  return { icon, description: `${slight ? "Bear" : "Turn"} ${direction} onto ${road}` };
}

function crossing(step: OsrmStepInput): string {
  const name = step.name.trim();
  if (/ferry|shuttle|tunnel/i.test(name)) return `Take the ${name}`;
  const vehicle = step.mode === "train" ? "train" : "ferry";
  return name ? `Take the ${vehicle} (${name})` : `Take the ${vehicle}`;
}

function leave(step: OsrmStepInput, previous: OsrmStepInput | undefined): string {
  const from = previous ? osrmRoad(previous) : "the motorway";
  const exits = step.exits?.split(";")[0].trim();
  if (!exits) return `Leave ${from}`;
  const word = previous && UK_MOTORWAY_NUMBER.test(firstRef(previous) || previous.name.trim()) ? "junction" : "exit";
  return `Leave ${from} at ${word} ${exits}`;
}

function manoeuvre(step: OsrmStepInput, previous: OsrmStepInput | undefined): { icon: Icon; description: string } {
  const { type } = step.maneuver;
  if (type === "depart") return { icon: "depart", description: `Head ${compass(step.maneuver.bearing_after)} on ${osrmRoad(step)}` };
  if (type === "arrive") return { icon: "arrive", description: "Arrive at your destination" };
  if (step.mode === "ferry" || step.mode === "train") return { icon: "ferry", description: crossing(step) };
  if (type === "on ramp") {
    return { icon: "join-motorway", description: isMotorwayStep(step) ? `Join ${osrmRoad(step)}` : "Take the slip road" };
  }
  if (type === "merge" && isMotorwayStep(step)) {
    // When the slip road already carried the motorway's number, "Join the M6" has been said.
    const said = previous?.maneuver.type === "on ramp" && isMotorwayStep(previous) && osrmRoad(previous) === osrmRoad(step);
    return said ? { icon: "continue", description: `Continue onto ${osrmRoad(step)}` } : { icon: "join-motorway", description: `Join ${osrmRoad(step)}` };
  }
  if (type === "off ramp") return { icon: "leave-motorway", description: leave(step, previous) };
  if (type === "roundabout" || type === "rotary") {
    return { icon: "continue", description: `At the roundabout, take the ${ordinal(step.maneuver.exit)} exit onto ${osrmRoad(step)}` };
  }
  if (type === "roundabout turn") {
    const { icon, description } = turn(step);
    return { icon, description: `At the roundabout, ${description.charAt(0).toLowerCase()}${description.slice(1)}` };
  }
  return turn(step);
}

/** The port's steps from OSRM's steps of one leg: one instruction per OSRM manoeuvre. */
export function osrmSteps(steps: OsrmStepInput[]): RouteStep[] {
  return steps.map((step, i) => ({
    point: toLngLat(step.maneuver.location),
    ...manoeuvre(step, steps[i - 1]),
    distanceMetres: step.distance,
    durationSeconds: step.duration,
    roadName: step.name.trim() || firstRef(step),
  }));
}

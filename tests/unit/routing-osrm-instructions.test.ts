import { describe, expect, it } from "vitest";
import { osrmRoad, osrmSteps, type OsrmStepInput } from "../../geo/routing/osrm-instructions";

function step(type: string, name: string, extra: Partial<OsrmStepInput> & { modifier?: string; exit?: number; bearing_after?: number } = {}): OsrmStepInput {
  const { modifier, exit, bearing_after, ...rest } = extra;
  return {
    distance: 1000,
    duration: 60,
    name,
    mode: "driving",
    driving_side: "left",
    maneuver: { location: [-2.9, 54.9], type, modifier, exit, bearing_after },
    ...rest,
  };
}

describe("route instructions from OSRM steps", () => {
  it("joins and leaves a UK motorway by its ref and the junction number", () => {
    const steps = osrmSteps([
      step("depart", "Warwick Road", { ref: "A69", bearing_after: 92 }),
      step("on ramp", "", { modifier: "slight right" }),
      step("merge", "", { ref: "M6", modifier: "slight left" }),
      step("off ramp", "", { exits: "40", modifier: "slight left" }),
      step("roundabout", "Ullswater Road", { ref: "A592", exit: 2, modifier: "right" }),
      step("turn", "Middlegate", { modifier: "left" }),
      step("arrive", "Middlegate"),
    ]);
    expect(steps.map((s) => [s.icon, s.description])).toEqual([
      ["depart", "Head east on Warwick Road (A69)"],
      ["join-motorway", "Take the slip road"],
      ["join-motorway", "Join the M6"],
      ["leave-motorway", "Leave the M6 at junction 40"],
      ["continue", "At the roundabout, take the second exit onto Ullswater Road (A592)"],
      ["turn-left", "Turn left onto Middlegate"],
      ["arrive", "Arrive at your destination"],
    ]);
  });

  it("says 'Join the M6' once when the slip road already carries the ref", () => {
    const steps = osrmSteps([step("on ramp", "", { ref: "M6", modifier: "right" }), step("merge", "", { ref: "M6", modifier: "slight left" })]);
    expect(steps.map((s) => [s.icon, s.description])).toEqual([
      ["join-motorway", "Join the M6"],
      ["continue", "Continue onto the M6"],
    ]);
  });

  it("leaves a French autoroute by its exit number", () => {
    const steps = osrmSteps([step("merge", "Autoroute du Soleil", { ref: "A7;E 15", modifier: "slight left" }), step("off ramp", "", { exits: "12", modifier: "slight right" })]);
    expect(steps[0].description).toBe("Join Autoroute du Soleil (A7)");
    expect(steps[1].description).toBe("Leave Autoroute du Soleil (A7) at exit 12");
  });

  it("takes ferries and the shuttle train, and reads modifiers as turns", () => {
    const steps = osrmSteps([
      step("notification", "Dover - Calais", { mode: "ferry" }),
      step("notification", "Eurotunnel Le Shuttle", { mode: "train" }),
      step("turn", "High Street", { modifier: "slight right" }),
      step("fork", "", { ref: "A1", modifier: "slight left" }),
      step("new name", "Rue Nationale", { modifier: "straight" }),
      step("continue", "London Road", { modifier: "uturn" }),
      step("end of road", "Station Road", { modifier: "sharp right" }),
      step("roundabout turn", "Mill Lane", { modifier: "left" }),
    ]);
    expect(steps.map((s) => [s.icon, s.description])).toEqual([
      ["ferry", "Take the ferry (Dover - Calais)"],
      ["ferry", "Take the Eurotunnel Le Shuttle"],
      ["turn-right", "Bear right onto High Street"],
      ["turn-left", "Keep left onto the A1"],
      ["continue", "Continue onto Rue Nationale"],
      ["turn-right", "Make a U-turn onto London Road"],
      ["turn-right", "Turn right onto Station Road"],
      ["turn-left", "At the roundabout, turn left onto Mill Lane"],
    ]);
  });

  it("carries the point, distance, time and road of each step", () => {
    const [first] = osrmSteps([step("depart", "", { ref: "M6;E 05", bearing_after: 180 })]);
    expect(first).toEqual({ point: { lng: -2.9, lat: 54.9 }, icon: "depart", description: "Head south on the M6", distanceMetres: 1000, durationSeconds: 60, roadName: "M6" });
  });

  it("names roads as drivers read them", () => {
    expect(osrmRoad(step("turn", "", {}))).toBe("a local road");
    expect(osrmRoad(step("turn", "A74(M)", {}))).toBe("the A74(M)");
    expect(osrmRoad(step("turn", "Strand", { ref: "A4" }))).toBe("Strand (A4)");
  });
});

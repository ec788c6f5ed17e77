import { describe, expect, it } from "vitest";
import type { Position } from "../../geo/routing/geometry";
import { buildSteps, lookupKeys, stretchesOf, theRoad, type JunctionName, type PathEdge, type StepLookups } from "../../geo/routing/instructions";

// A hand-made drive on a grid of points 0.1° apart: Carlisle (0,3) south to Penrith (0,2), the M6
// south through Shap (0,1) to Kendal (0,0), then west to Windermere (-1,0), then south to Ambleside.
const TOWNS: Record<string, string> = { c: "Carlisle", p: "Penrith", s: "Shap", k: "Kendal", w: "Windermere", a: "Ambleside", x: "Grasmere" };
const AT: Record<string, Position> = { c: [0, 0.3], p: [0, 0.2], s: [0, 0.1], k: [0, 0], w: [-0.1, 0], a: [-0.1, -0.1], x: [-0.1, -0.2] };

function edge(from: string, to: string, name: string, roadClass = "secondary", roadId: number | null = null): PathEdge {
  return { roadClass, name, roadId, startVertex: from, endVertex: to, coordinates: [AT[from], AT[to]], metres: 10_000, seconds: 600 };
}

function lookups(junctions: Record<string, JunctionName> = {}, towns: Record<string, string> = TOWNS): StepLookups {
  return {
    townAt: (vertex) => towns[vertex] ?? null,
    junctionAt: (roadId, vertex) => junctions[`${roadId}:${vertex}`] ?? null,
  };
}

const noLeg = { metres: 0, seconds: 0 };
const M6 = 6;

function drive(edges: PathEdge[], junctions: Record<string, JunctionName> = {}, towns?: Record<string, string>) {
  const start = edges[0]?.coordinates[0] ?? AT.c;
  const end = edges[edges.length - 1]?.coordinates[1] ?? AT.p;
  return buildSteps({ start, end, startLeg: noLeg, endLeg: noLeg, edges, lookups: lookups(junctions, towns) });
}

describe("route instructions from pgRouting edges", () => {
  it("depart, join and leave a motorway by junction, turn, continue and arrive", () => {
    const steps = drive(
      [
        edge("c", "p", "Carlisle – Penrith road"),
        edge("p", "s", "M6", "motorway", M6),
        edge("s", "k", "M6", "motorway", M6),
        edge("k", "w", "Kendal – Windermere road"),
        edge("w", "a", "Windermere – Ambleside road"),
        edge("a", "x", "Ambleside – Grasmere road"),
      ],
      { "6:p": { number: "40", expandedName: "Junction 40" }, "6:k": { number: "36", expandedName: "Junction 36" } },
    );
    expect(steps.map((s) => [s.icon, s.description])).toEqual([
      ["depart", "Head towards Penrith on the Carlisle – Penrith road"],
      ["join-motorway", "Join the M6 at junction 40"],
      ["leave-motorway", "Leave the M6 at junction 36 onto the Kendal – Windermere road"],
      ["turn-left", "Turn left onto the Windermere – Ambleside road"],
      ["continue", "Continue onto the Ambleside – Grasmere road"],
      ["arrive", "Arrive at your destination"],
    ]);
  });

  it("merges consecutive edges of one road into one step with their distance and time", () => {
    const steps = drive([edge("c", "p", "Carlisle – Penrith road"), edge("p", "s", "M6", "motorway", M6), edge("s", "k", "M6", "motorway", M6)]);
    expect(steps).toHaveLength(3);
    expect(steps[1]).toMatchObject({ roadName: "M6", distanceMetres: 20_000, durationSeconds: 1200, point: { lng: 0, lat: 0.2 } });
    expect(steps[2]).toMatchObject({ icon: "arrive", distanceMetres: 0, point: { lng: 0, lat: 0 } });
  });

  it("keeps two roads with the same name but different road ids apart", () => {
    expect(stretchesOf([edge("p", "s", "A6", "trunk", 1), edge("s", "k", "A6", "trunk", 2)])).toHaveLength(2);
    expect(stretchesOf([edge("p", "s", "Shap road"), edge("s", "k", "Shap road")])).toHaveLength(1);
  });

  it("names the town when no junction is known there, and says exit on French autoroutes", () => {
    const unknown = drive([edge("c", "p", "Carlisle – Penrith road"), edge("p", "s", "M6", "motorway", M6)], {}, { ...TOWNS, p: "Stoke-on-Trent" });
    expect(unknown[1].description).toBe("Join the M6 near Stoke-on-Trent");
    const french = drive([edge("c", "p", "Valence – Livron road"), edge("p", "s", "A7", "autoroute", 37)], { "37:p": { number: "12", expandedName: "Exit 12" } });
    expect(french[1]).toMatchObject({ icon: "join-motorway", description: "Join the A7 at exit 12" });
    const nowhere = drive([edge("c", "p", "Carlisle – Penrith road"), edge("p", "s", "M6", "motorway", M6)], {}, {});
    expect(nowhere[1].description).toBe("Join the M6");
    expect(nowhere[0].description).toBe("Head off on the Carlisle – Penrith road");
  });

  it("takes the Channel Tunnel and ferries as a crossing", () => {
    const steps = drive([edge("c", "p", "M20", "motorway", 11), edge("p", "s", "Channel Tunnel (Le Shuttle)", "shuttle"), edge("s", "k", "A16", "autoroute", 43)]);
    expect(steps[1]).toMatchObject({ icon: "ferry", description: "Take the Channel Tunnel (Le Shuttle)" });
    expect(steps[2]).toMatchObject({ icon: "join-motorway", description: "Join the A16 near Shap" });
    const ferry = drive([edge("c", "p", "Dover road"), edge("p", "s", "Dover – Calais ferry", "ferry")]);
    expect(ferry[1].description).toBe("Take the Dover – Calais ferry");
  });

  it("turns right and left from the change of heading", () => {
    // South, then west (right, driving south), then south again (left).
    const steps = drive([edge("s", "k", "Shap – Kendal road"), edge("k", "w", "Kendal – Windermere road"), edge("w", "a", "Windermere – Ambleside road")]);
    expect(steps.map((s) => s.icon)).toEqual(["depart", "turn-right", "turn-left", "arrive"]);
    expect(steps[1].description).toBe("Turn right onto the Kendal – Windermere road");
  });

  it("counts the connectors from the exact start and end into the first and last steps", () => {
    const steps = buildSteps({
      start: [0.01, 0.3],
      end: [0.01, 0.1],
      startLeg: { metres: 700, seconds: 84 },
      endLeg: { metres: 300, seconds: 36 },
      edges: [edge("c", "p", "Carlisle – Penrith road"), edge("p", "s", "Penrith – Shap road")],
      lookups: lookups(),
    });
    expect(steps[0]).toMatchObject({ point: { lng: 0.01, lat: 0.3 }, distanceMetres: 10_700, durationSeconds: 684 });
    expect(steps[1]).toMatchObject({ distanceMetres: 10_300, durationSeconds: 636 });
    expect(steps[2]).toMatchObject({ icon: "arrive", point: { lng: 0.01, lat: 0.1 } });
  });

  it("heads straight for the destination when both ends are at one vertex", () => {
    const steps = buildSteps({ start: [0, 0], end: [0.001, 0], startLeg: { metres: 70, seconds: 8.4 }, endLeg: noLeg, edges: [], lookups: lookups() });
    expect(steps.map((s) => [s.icon, s.description, s.distanceMetres])).toEqual([
      ["depart", "Head towards your destination", 70],
      ["arrive", "Arrive at your destination", 0],
    ]);
  });

  it("asks the database only for the vertices and motorway junctions the words use", () => {
    const keys = lookupKeys([edge("c", "p", "Carlisle – Penrith road"), edge("p", "s", "M6", "motorway", M6), edge("s", "k", "M6", "motorway", M6)]);
    expect(keys.vertices.sort()).toEqual(["c", "k", "p"]);
    expect(keys.junctions).toEqual([
      { roadId: M6, vertex: "p" },
      { roadId: M6, vertex: "k" },
    ]);
  });

  it("names roads as they are written: numbers and descriptions with 'the', streets as they are, unnamed ways as a local road", () => {
    expect(theRoad("Oxford Street")).toBe("Oxford Street");
    expect(theRoad("Rue de Rivoli")).toBe("Rue de Rivoli");
    expect(theRoad("M6")).toBe("the M6");
    expect(theRoad("A1(M)")).toBe("the A1(M)");
    expect(theRoad("M6 Toll")).toBe("the M6 Toll");
    expect(theRoad("Carlisle – Penrith road")).toBe("the Carlisle – Penrith road");
    expect(theRoad("The Mall")).toBe("The Mall");
    expect(theRoad("Local road")).toBe("a local road");
    expect(theRoad("Primary road")).toBe("a primary road");
    expect(theRoad("")).toBe("a local road");
    const steps = drive([edge("c", "p", "M6", "motorway", M6), edge("p", "s", "Oxford Street"), edge("s", "k", "Local road")]);
    expect(steps.map((s) => s.description)).toEqual([
      "Head towards Penrith on the M6",
      "Leave the M6 near Penrith onto Oxford Street",
      "Continue onto a local road",
      "Arrive at your destination",
    ]);
  });
});

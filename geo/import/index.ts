import type { Pool } from "../../db/client";
import { refreshAfterRoads } from "./derived";
import { applyListings, stageListings } from "./listings";
import { applyOsmGraph, stageOsm } from "./osm";
import { applyPlaces, stagePlaces } from "./places";
import { stagePois } from "./pois";
import type { Progress } from "./progress";
import { stageRoadsGeoJson } from "./roads-geojson";
import { applyRoads, countryId } from "./roads-stage";
import { runStaged, type ImportResult } from "./run";
import type { ImportChanges } from "./stage";

export const IMPORT_KINDS = ["osm", "roads", "places", "listings", "pois"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export interface ImportOptions {
  kind: ImportKind;
  file: string;
  /** GB or FR: required for osm and roads (the country whose roads the file replaces) and pois (whose points of interest it replaces). */
  country?: "GB" | "FR";
  dryRun?: boolean;
  /** The column mapping (JSON) of a listings file. */
  mapping?: string;
  /** Where rejected rows are written (CSV); default `<file>.rejected.csv`. */
  reportPath?: string;
  progress: Progress;
}

export type { ImportResult } from "./run";

/**
 * Test hook (PAWROUTE_IMPORT_PAUSE): "staged" stops after loading the staging schema, "swap" inside
 * the swap transaction after its first table, so tests can kill an import halfway.
 */
async function pauseFor(point: "staged" | "swap", progress: Progress): Promise<void> {
  if (process.env.PAWROUTE_IMPORT_PAUSE !== point) return;
  progress.line(`Paused at ${point} (PAWROUTE_IMPORT_PAUSE)`);
  await new Promise(() => undefined);
}

/** Which live tables an import changes, for ANALYZE afterwards. */
const ANALYSED: Record<ImportKind, string[]> = {
  osm: ["roads", "junctions", "routing_edges", "routing_vertices", "basemap_water", "places", "listings"],
  roads: ["roads", "junctions", "places", "listings"],
  places: ["places"],
  listings: ["listings", "listing_versions"],
  pois: ["listings", "listing_versions"],
};

function requireCountry(options: ImportOptions): number {
  if (!options.country) throw new Error(`--country GB or --country FR is needed for ${options.kind} imports (the country whose roads the file replaces)`);
  return countryId(options.country);
}

/**
 * Loads a file into the staging schema, then applies it to the live tables in one transaction
 * (rolled back for a dry run), rebuilds what depends on it and updates planner statistics.
 */
export async function runImport(sql: Pool, options: ImportOptions): Promise<ImportResult> {
  const { progress } = options;
  const country = options.kind === "osm" || options.kind === "roads" || options.kind === "pois" ? requireCountry(options) : options.country ? countryId(options.country) : null;
  return runStaged(sql, {
    ...options,
    analysed: ANALYSED[options.kind],
    stage: async (rejected) => {
      let features = 0;
      if (options.kind === "osm") features = (await stageOsm(sql, options.file, country as number, progress, rejected)).features;
      else if (options.kind === "roads") features = await stageRoadsGeoJson(sql, options.file, country as number, progress, rejected);
      else if (options.kind === "places") features = await stagePlaces(sql, options.file, country, progress, rejected);
      else if (options.kind === "pois") features = await stagePois(sql, options.file, country as number, progress, rejected);
      else features = await stageListings(sql, options.file, { mapping: options.mapping, country }, progress, rejected);
      await pauseFor("staged", progress);
      return features;
    },
    apply: async (tx) => {
      let changes: ImportChanges;
      if (options.kind === "osm" || options.kind === "roads") {
        changes = await applyRoads(tx, country as number);
        await pauseFor("swap", progress);
        if (options.kind === "osm") {
          changes = { ...changes, ...(await applyOsmGraph(tx, country as number)) };
          // The basemap draws the imported graph's major roads from now on (geo/tiles majorRoadsQuery).
          await tx`
            INSERT INTO demo_meta (key, value) VALUES ('osm-import', ${JSON.stringify({ country: options.country })}::jsonb)
            ON CONFLICT (key) DO UPDATE SET value = excluded.value, loaded_at = now() WHERE demo_meta.value IS DISTINCT FROM excluded.value`;
        }
        changes = { ...changes, ...(await refreshAfterRoads(tx, country as number)) };
      } else if (options.kind === "places") {
        changes = await applyPlaces(tx, country);
        await pauseFor("swap", progress);
      } else {
        changes = await applyListings(tx);
        await pauseFor("swap", progress);
      }
      return changes;
    },
  });
}

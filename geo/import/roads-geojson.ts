import { readFileSync } from "node:fs";
import type { Pool } from "../../db/client";
import { copyRows } from "../../db/seed/copy";
import { JUNCTION_NUMBER_HINT, signedJunctionNumber, signedRoadNumber } from "../junction-numbers";
import type { Progress } from "./progress";
import type { Rejections } from "./report";
import { createRoadStage, finishRoadStage } from "./roads-stage";
import { staged } from "./stage";

type Position = [number, number];

function validPosition(p: unknown): p is Position {
  return Array.isArray(p) && p.length >= 2 && typeof p[0] === "number" && typeof p[1] === "number" && Math.abs(p[0]) <= 180 && Math.abs(p[1]) <= 90;
}

const line = (coords: Position[]) => `SRID=4326;LINESTRING(${coords.map(([x, y]) => `${x} ${y}`).join(",")})`;
const idOf = (value: unknown) => (typeof value === "string" && value.trim() && value.length <= 80 ? value.trim() : typeof value === "number" && Number.isFinite(value) ? String(value) : null);

/**
 * Hand-curated roads and junctions as GeoJSON: LineString or MultiLineString features with
 * properties `id`, `name`, optional `motorway` (true/false) and `description`, and Point features
 * with `road` (the id of their road's feature), `number` and optional `town` and `id`.
 */
export async function stageRoadsGeoJson(sql: Pool, path: string, country: number, progress: Progress, rejected: Rejections): Promise<number> {
  let collection: { type?: string; features?: unknown[] };
  try {
    collection = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`${path} is not GeoJSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (collection?.type !== "FeatureCollection" || !Array.isArray(collection.features)) throw new Error(`${path} is not a GeoJSON FeatureCollection`);
  const features = collection.features;
  progress.phase("Reading roads and junctions", features.length, "features");
  const lines: (string | number | boolean)[][] = [];
  const points: (string | null)[][] = [];
  const roadIds = new Set<string>();
  const pending: { where: string; row: (string | null)[]; road: string }[] = [];
  features.forEach((raw, i) => {
    const where = `feature ${i + 1}`;
    const feature = raw as { geometry?: { type?: string; coordinates?: unknown }; properties?: Record<string, unknown> | null };
    const props = feature?.properties ?? {};
    const geometry = feature?.geometry;
    const id = idOf(props.id);
    if (geometry?.type === "LineString" || geometry?.type === "MultiLineString") {
      const name = typeof props.name === "string" ? signedRoadNumber(props.name) : "";
      if (!id) return rejected.add(where, props.id as string, "road without an id");
      if (!name || name.length > 80) return rejected.add(where, id, "road name missing or longer than 80 characters");
      const parts = (geometry.type === "LineString" ? [geometry.coordinates] : geometry.coordinates) as unknown[];
      if (!Array.isArray(parts) || parts.some((p) => !Array.isArray(p) || p.length < 2 || !p.every(validPosition))) return rejected.add(where, id, "road line needs two or more [lng, lat] positions");
      if (roadIds.has(id)) return rejected.add(where, id, "a road with this id is already in the file");
      roadIds.add(id);
      const description = typeof props.description === "string" ? props.description.slice(0, 2000) : "";
      const motorway = props.motorway === true || props.motorway === "true";
      (parts as Position[][]).forEach((p, k) => lines.push([`geojson:${id}`, i * 1000 + k, name, description, motorway, line(p)]));
    } else if (geometry?.type === "Point") {
      const road = idOf(props.road);
      const raw = idOf(props.number);
      const number = raw === null ? null : signedJunctionNumber(raw);
      if (!road) return rejected.add(where, id, "junction without a road (the id of its road's feature)");
      if (!raw) return rejected.add(where, id, "junction number missing");
      if (!number) return rejected.add(where, id, `junction number "${raw.slice(0, 20)}" is not ${JUNCTION_NUMBER_HINT}`);
      if (!validPosition(geometry.coordinates)) return rejected.add(where, id, "junction needs a [lng, lat] position");
      const [x, y] = geometry.coordinates as Position;
      const town = typeof props.town === "string" && props.town.trim() ? props.town.trim().slice(0, 80) : null;
      pending.push({ where, road, row: [`geojson:junction:${id ?? `${road}:${number}`}`, `geojson:${road}`, number, town, `SRID=4326;POINT(${x} ${y})`] });
    } else {
      rejected.add(where, id, `unsupported geometry ${geometry?.type ?? "(none)"}: roads are lines, junctions points`);
    }
    progress.update(i + 1);
  });
  for (const p of pending) {
    if (roadIds.has(p.road)) points.push(p.row);
    else rejected.add(p.where, p.row[0], `junction's road "${p.road}" is not in the file`);
  }
  progress.end();
  await createRoadStage(sql);
  await copyRows(sql, staged("road_lines"), ["source_id", "ord", "name", "description", "motorway", "geom"], lines);
  await copyRows(sql, staged("junction_points"), ["source_id", "road_source", "number", "town", "geom"], points);
  await finishRoadStage(sql, country);
  return features.length;
}

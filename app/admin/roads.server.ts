// Roads in the back office (/account/admin/manage-roads): the country tabs with search, adding a road
// (its line typed, drawn on the map or taken from the routing graph), renaming or redrawing it, its
// junctions, and deleting it. The geography is geo/roads-admin.ts; here each change runs in one
// transaction with what follows it (junction order, gazetteer, listings' nearest road, road counts)
// and its audit entry, then the process's cached road list is dropped.
import { sql as drizzleSql } from "drizzle-orm";
import {
  deleteJunctionRow,
  deleteRoadRow,
  distanceFromRoad,
  findRoad,
  insertJunction,
  insertRoad,
  JUNCTION_MAX_OFFSET_METRES,
  junctionNumberTaken,
  lineFromRoutingGraph,
  listRoads,
  refreshAfterRoadChange,
  roadNameTaken,
  snapshotRoad,
  updateJunction,
  updateRoad,
  type AdminRoad,
  type JunctionInput,
  type LngLat,
  type RoadSnapshot,
} from "../../geo/roads-admin";
import type { SessionUser } from "../auth/guards.server";
import type { SqlClient } from "../../db/client";
import { db, sql, sqlClientOf, type Transaction } from "../db.server";
import { audit } from "./audit.server";
import { AppError } from "../../core/errors";
import { roadOptions } from "../search/reference.server";
import { boundedText, pageOf } from "./params.server";
import { parseLine, type JunctionForm, type RoadForm } from "./roads.schemas";
import type { AdminRoadsPage, RoadCountryTab } from "./roads.types";
import { pageCount } from "../../kit/pager";

export const ROAD_NOT_FOUND = "Sorry, we couldn't find that road.";
export const JUNCTION_NOT_FOUND = "Sorry, we couldn't find that junction.";
/** Advisory lock key (with the country id) for a road's name. */
const ROAD_NAME_LOCK = 110_140;

export async function roadsPage(country: RoadCountryTab, params: URLSearchParams): Promise<AdminRoadsPage> {
  const q = boundedText(params.get("q"), 40);
  const { page, limit } = pageOf(params);
  const { roads, total } = await listRoads(sql(), { countryId: country.id, q, limit, offset: (page - 1) * limit });
  return { country, roads, query: { q }, pagination: { page, limit, total, totalPages: pageCount(total, limit) } };
}

export async function roadDetail(id: number): Promise<AdminRoad> {
  const road = await findRoad(sql(), id);
  if (!road) throw new AppError(404, ROAD_NOT_FOUND);
  return road;
}

function assertAdmin(admin: SessionUser): void {
  if (!admin.isAdmin) throw new AppError(403, "Administrators only");
}

function fieldError(field: string, message: string, status: 404 | 409 | 422 = 422): AppError {
  return new AppError(status, message, { fieldErrors: { [field]: message } });
}

/** The line the form asks for: the typed (or drawn) points, or the routing graph's road of that number. */
async function lineOf(form: RoadForm, countryId: number): Promise<LngLat[]> {
  if (form.source === "graph") {
    const line = await lineFromRoutingGraph(sql(), countryId, form.ref);
    if (!line || line.length < 2) throw fieldError("ref", `The routing graph has no road ${form.ref} in this country`, 404);
    return line;
  }
  const parsed = parseLine(form.line);
  if (!parsed.ok) throw fieldError("line", parsed.message);
  return parsed.line;
}

/** A summary of a road for the audit log (the line as its length and ends, not every point). */
async function roadRecord(tx: Transaction, roadId: number): Promise<unknown> {
  const [row] = await tx.execute(drizzleSql`
    SELECT r.name, r.slug, r.country_id AS "countryId", r.motorway, ST_NPoints(r.geom) AS points,
           round(ST_Length(r.geom::geography))::int AS "lengthMetres",
           ST_AsText(ST_StartPoint(r.geom)) AS start, ST_AsText(ST_EndPoint(r.geom)) AS end,
           (SELECT coalesce(json_agg(json_build_object('number', j.number, 'town', j.town, 'lat', round(ST_Y(j.geom)::numeric, 6), 'lng', round(ST_X(j.geom)::numeric, 6)) ORDER BY j.position), '[]')
            FROM junctions j WHERE j.road_id = r.id) AS junctions
    FROM roads r WHERE r.id = ${roadId}`);
  return row ?? null;
}

async function logRoad(tx: Transaction, admin: SessionUser, action: string, roadId: number, before: unknown, after: unknown): Promise<void> {
  await audit({ actorId: admin.id, action, recordType: "road", recordId: roadId, before, after }, tx);
}

/** The advisory lock (with the country id) held while a road's name is checked and saved. */
async function lockRoadNames(tx: Transaction, countryId: number): Promise<void> {
  await tx.execute(drizzleSql`SELECT pg_advisory_xact_lock(${ROAD_NAME_LOCK}, ${countryId})`);
}

/**
 * Runs one change to an existing road with its follow-up and audit entry in a transaction: geo/'s
 * statements on `geo`, the transaction's postgres.js client (sqlClientOf), this file's on `tx`.
 */
async function changeRoad(admin: SessionUser, roadId: number, action: string, change: (tx: Transaction, geo: SqlClient, before: RoadSnapshot) => Promise<void>): Promise<void> {
  assertAdmin(admin);
  await db().transaction(async (tx) => {
    const geo = sqlClientOf(tx);
    const before = await snapshotRoad(geo, roadId);
    if (!before) throw new AppError(404, ROAD_NOT_FOUND);
    const record = await roadRecord(tx, roadId);
    await change(tx, geo, before);
    const { listingsMoved } = await refreshAfterRoadChange(geo, before);
    const after = await roadRecord(tx, roadId);
    await logRoad(tx, admin, action, roadId, record, after === null ? { deleted: true, listingsMoved } : { ...(after as object), listingsMoved });
  });
  roadOptions.forget();
}

export async function createRoad(admin: SessionUser, form: RoadForm & { country: number }): Promise<number> {
  assertAdmin(admin);
  const line = await lineOf(form, form.country);
  const id = await db().transaction(async (tx) => {
    const geo = sqlClientOf(tx);
    // One administrator at a time adds a road of a name: the check and the insert see the same roads.
    await lockRoadNames(tx, form.country);
    if (await roadNameTaken(geo, form.country, form.name)) throw fieldError("name", `There is already a road called ${form.name} in this country`, 409);
    const roadId = await insertRoad(geo, { name: form.name, countryId: form.country, motorway: form.motorway, line });
    const { listingsMoved } = await refreshAfterRoadChange(geo, { roadId, junctionIds: [], listingIds: [] });
    await logRoad(tx, admin, "road.add", roadId, null, { ...((await roadRecord(tx, roadId)) as object), listingsMoved });
    return roadId;
  });
  roadOptions.forget();
  return id;
}

export async function editRoad(admin: SessionUser, roadId: number, form: RoadForm): Promise<void> {
  assertAdmin(admin);
  const road = await roadDetail(roadId);
  const line = await lineOf(form, road.countryId);
  await changeRoad(admin, roadId, "road.edit", async (tx, geo) => {
    await lockRoadNames(tx, road.countryId);
    if (await roadNameTaken(geo, road.countryId, form.name, roadId)) throw fieldError("name", `There is already a road called ${form.name} in this country`, 409);
    await updateRoad(geo, roadId, { name: form.name, motorway: form.motorway, line });
  });
}

/** Deletes the road and its junctions; its listings move to their next nearest junction (or to none). */
export async function deleteRoad(admin: SessionUser, roadId: number): Promise<{ name: string; countryId: number }> {
  assertAdmin(admin);
  const road = await roadDetail(roadId);
  await changeRoad(admin, roadId, "road.delete", async (_tx, geo) => {
    await deleteRoadRow(geo, roadId);
  });
  return { name: road.name, countryId: road.countryId };
}

function junctionInput(form: JunctionForm): JunctionInput {
  return { number: form.number, town: form.town, lat: form.lat, lng: form.lng };
}

async function checkJunction(geo: SqlClient, roadId: number, form: JunctionForm, exceptId: number | null): Promise<void> {
  if (await junctionNumberTaken(geo, roadId, form.number, exceptId)) throw fieldError("number", `This road already has a junction ${form.number}`, 409);
  const metres = await distanceFromRoad(geo, roadId, form.lat, form.lng);
  if (metres > JUNCTION_MAX_OFFSET_METRES) {
    throw fieldError("lat", `The junction must be on the road: this point is ${(metres / 1000).toFixed(1)} km from its line (at most ${JUNCTION_MAX_OFFSET_METRES / 1000} km)`);
  }
}

export async function addJunction(admin: SessionUser, roadId: number, form: JunctionForm): Promise<void> {
  await changeRoad(admin, roadId, "road.junction-add", async (_tx, geo, before) => {
    await checkJunction(geo, roadId, form, null);
    await insertJunction(geo, roadId, before.countryId, junctionInput(form));
  });
}

export async function editJunction(admin: SessionUser, roadId: number, junctionId: number, form: JunctionForm): Promise<void> {
  await changeRoad(admin, roadId, "road.junction-edit", async (_tx, geo, before) => {
    if (!before.junctionIds.includes(junctionId)) throw new AppError(404, JUNCTION_NOT_FOUND);
    await checkJunction(geo, roadId, form, junctionId);
    await updateJunction(geo, junctionId, before.countryId, junctionInput(form));
  });
}

export async function deleteJunction(admin: SessionUser, roadId: number, junctionId: number): Promise<void> {
  await changeRoad(admin, roadId, "road.junction-delete", async (_tx, geo, before) => {
    if (!before.junctionIds.includes(junctionId)) throw new AppError(404, JUNCTION_NOT_FOUND);
    await deleteJunctionRow(geo, junctionId);
  });
}

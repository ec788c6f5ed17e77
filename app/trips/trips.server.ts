// Saved trips: a member's own only. Every function takes the member's id and touches only their rows, so a
// guessed trip id never reaches another member's trip; a shared trip is read by its unguessable share id.
import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { trips } from "../../db/schema";
import { tripQuerySchema, tripSearchParams, type TripQuery } from "../../geo/trip/query";
import { db } from "../db.server";
import { AppError } from "../../core/errors";

export const TRIP_NAME_MAX = 80;
export const TRIP_NOT_FOUND = "Sorry, we couldn't find that trip.";
export const SHARED_TRIP_NOT_FOUND = "Sorry, this trip is not shared any more, or the link is not right.";

export interface SavedTrip {
  id: number;
  name: string;
  /** The plan's query string: /trip?{query} opens it. */
  query: string;
  shareId: string | null;
  updatedAt: string;
}

const columns = { id: trips.id, name: trips.name, query: trips.query, shareId: trips.shareId, updatedAt: trips.updatedAt };

function toSaved(row: { id: number; name: string; query: string; shareId: string | null; updatedAt: Date }): SavedTrip {
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

/** 16 random bytes as 22 URL-safe characters: the share link's id. */
export function newShareId(): string {
  return randomBytes(16).toString("base64url");
}

/** The default name of a trip: "London to Edinburgh". */
export function defaultTripName(query: TripQuery): string {
  const short = (text: string) => text.split(",")[0].trim();
  return `${short(query.from)} to ${short(query.to)}`.slice(0, TRIP_NAME_MAX);
}

export async function tripsOf(userId: number): Promise<SavedTrip[]> {
  const rows = await db().select(columns).from(trips).where(eq(trips.userId, userId)).orderBy(desc(trips.updatedAt), desc(trips.id));
  return rows.map(toSaved);
}

export async function ownTrip(userId: number, id: number): Promise<SavedTrip> {
  const [row] = await db()
    .select(columns)
    .from(trips)
    .where(and(eq(trips.id, id), eq(trips.userId, userId)));
  if (!row) throw new AppError(404, TRIP_NOT_FOUND);
  return toSaved(row);
}

export async function saveTrip(userId: number, query: TripQuery, name = defaultTripName(query)): Promise<SavedTrip> {
  const [row] = await db()
    .insert(trips)
    .values({ userId, name: name.slice(0, TRIP_NAME_MAX), query: tripSearchParams(query).toString() })
    .returning(columns);
  return toSaved(row);
}

export async function renameTrip(userId: number, id: number, name: string): Promise<void> {
  const done = await db()
    .update(trips)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(trips.id, id), eq(trips.userId, userId)))
    .returning({ id: trips.id });
  if (done.length === 0) throw new AppError(404, TRIP_NOT_FOUND);
}

export async function deleteTrip(userId: number, id: number): Promise<void> {
  const done = await db()
    .delete(trips)
    .where(and(eq(trips.id, id), eq(trips.userId, userId)))
    .returning({ id: trips.id });
  if (done.length === 0) throw new AppError(404, TRIP_NOT_FOUND);
}

/** Shares a trip (keeping its link if it has one) or withdraws the link. */
export async function setTripShared(userId: number, id: number, shared: boolean): Promise<SavedTrip> {
  const trip = await ownTrip(userId, id);
  if (shared === (trip.shareId !== null)) return trip;
  const [row] = await db()
    .update(trips)
    .set({ shareId: shared ? newShareId() : null })
    .where(and(eq(trips.id, id), eq(trips.userId, userId)))
    .returning(columns);
  return toSaved(row);
}

/** A shared trip, for anyone with the link; its plan's query read again with the schema. */
export async function sharedTrip(shareId: string): Promise<{ name: string; query: TripQuery }> {
  if (!/^[A-Za-z0-9_-]{22}$/.test(shareId)) throw new AppError(404, SHARED_TRIP_NOT_FOUND);
  const [row] = await db().select({ name: trips.name, query: trips.query }).from(trips).where(eq(trips.shareId, shareId));
  if (!row) throw new AppError(404, SHARED_TRIP_NOT_FOUND);
  const parsed = tripQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(row.query)));
  if (!parsed.success) throw new AppError(404, SHARED_TRIP_NOT_FOUND);
  return { name: row.name, query: parsed.data };
}

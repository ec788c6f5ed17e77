// The /trip page's server side: read the plan from its URL, plan it, and turn each edit into the next URL.
import { redirect } from "@remix-run/node";
import { ZodError } from "zod";
import { planTrip, stopNear, type TripPlan } from "../../geo/trip/plan";
import { BREAK_MINUTES, MAX_STOPS, tripQuerySchema, tripSearchParams, tripUrl, type TripQuery, type TripStopRef } from "../../geo/trip/query";
import { nextWholeHour } from "../../geo/trip/time";
import { sql } from "../db.server";
import { AppError } from "../../core/errors";
import { appRoutingEngine } from "../geo.server";
import { parseDatabaseId } from "../../core/ids";

/** What the page shows: the plan, or the form with what went wrong and what was typed. */
export type TripPageData =
  | { state: "empty"; defaults: Record<string, string> }
  | { state: "invalid"; values: Record<string, string>; fieldErrors: Record<string, string>; message: string }
  | { state: "planned"; query: TripQuery; search: string; plan: TripPlan };

const FIELDS = ["from", "fromId", "to", "toId", "depart", "every", "kind", "length", "vet", "overnight", "stops", "edited"] as const;

function valuesOf(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of FIELDS) {
    const value = params.get(name);
    if (value !== null) out[name] = value.slice(0, 400);
  }
  return out;
}

function zodFieldErrors(error: ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? "form");
    out[name] ??= issue.message;
  }
  return out;
}

/** Parses a plan's query parameters with the form's schema; an AppError 400 with the field messages when they do not read. */
export function parseTripQuery(params: URLSearchParams): TripQuery {
  const parsed = tripQuerySchema.safeParse(valuesOf(params));
  if (!parsed.success) throw new AppError(400, "Please check the trip's details.", { fieldErrors: zodFieldErrors(parsed.error) });
  return parsed.data;
}

/** The plan of a URL, or the form to fill; a plan without a departure time is sent on to the next whole hour (one plan, one URL). */
export async function loadTripPage(request: Request, now = new Date()): Promise<{ status: number; page: TripPageData }> {
  const params = new URL(request.url).searchParams;
  const values = valuesOf(params);
  if (!values.from && !values.to) return { status: 200, page: { state: "empty", defaults: { depart: nextWholeHour(now), every: "120", kind: "walk" } } };
  if (!values.depart && values.from && values.to) {
    const next = new URLSearchParams(params);
    next.set("depart", nextWholeHour(now));
    throw redirect(`/trip?${next.toString()}`);
  }
  try {
    const query = parseTripQuery(params);
    // One plan, one URL: what a form without JavaScript sends (empty fields, any order) goes to the canonical one.
    const canonical = tripSearchParams(query).toString();
    const asked = new URLSearchParams([...params].filter(([name]) => name !== "_routes")).toString();
    if (asked !== canonical) throw redirect(`/trip?${canonical}`);
    const plan = await planTrip(sql(), appRoutingEngine(), query);
    return { status: 200, page: { state: "planned", query, search: canonical, plan } };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      return { status: error.status, page: { state: "invalid", values, fieldErrors: error.fieldErrors, message: error.message } };
    }
    throw error;
  }
}

/** The plan of an export or print URL: it must read and plan, else the AppError's 4xx. */
export async function planOfRequest(request: Request): Promise<{ query: TripQuery; plan: TripPlan }> {
  const query = parseTripQuery(new URL(request.url).searchParams);
  return { query, plan: await planTrip(sql(), appRoutingEngine(), query) };
}

function stopIndex(form: FormData, count: number): number {
  const raw = form.get("index");
  const index = typeof raw === "string" && /^\d{1,2}$/.test(raw) ? Number(raw) : -1;
  if (index < 0 || index >= count) throw new AppError(400, "That stop is no longer in this plan. Please try again.");
  return index;
}

/** Where a moved stop goes: `position` (0-based, from dragging), or one place up or down (the buttons and the arrow keys). */
function movePosition(form: FormData, index: number, count: number): number {
  const raw = form.get("position");
  const direction = form.get("direction");
  const position = typeof raw === "string" && /^\d{1,2}$/.test(raw) ? Number(raw) : direction === "up" ? index - 1 : direction === "down" ? index + 1 : -1;
  if (position < 0 || position >= count) throw new AppError(400, "That stop cannot move there. Please try again.");
  return position;
}

/** An edit's next plan: its URL, and for a move what to announce and which stop to show (the URL's fragment). */
export interface TripEdit {
  url: string;
  notice?: string;
}

/**
 * One edit of the plan (swap, add, remove, move, change a break's length) as the next plan's URL. The
 * current stops come from planning the current URL, so an edit of an automatic plan starts from
 * exactly what the visitor saw.
 */
export async function editedTrip(query: TripQuery, form: FormData): Promise<TripEdit> {
  const intent = form.get("intent");
  const current = await planTrip(sql(), appRoutingEngine(), query);
  const stops: TripStopRef[] = current.stops.map((s) => ({ listingId: s.listing.id, minutes: s.breakMinutes }));
  if (intent === "swap") {
    const index = stopIndex(form, stops.length);
    const listingId = parseDatabaseId(form.get("listing"));
    const offered = current.stops[index].alternatives.some((a) => a.listing.id === listingId);
    if (listingId === null || !offered) throw new AppError(400, "That place is not one of this stop's alternatives. Please choose from the list.");
    stops[index] = { ...stops[index], listingId };
  } else if (intent === "remove") {
    stops.splice(stopIndex(form, stops.length), 1);
  } else if (intent === "move") {
    const index = stopIndex(form, stops.length);
    const position = movePosition(form, index, stops.length);
    const [moved] = stops.splice(index, 1);
    stops.splice(position, 0, moved);
    const title = current.stops[index].listing.title;
    return {
      url: `${tripUrl({ ...query, edited: true, stops })}#stop-${position + 1}`,
      notice: `${title} moved to stop ${position + 1} of ${stops.length}.`,
    };
  } else if (intent === "length") {
    const index = stopIndex(form, stops.length);
    const raw = form.get("minutes");
    const minutes = typeof raw === "string" && /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
    if (!(minutes >= BREAK_MINUTES.min && minutes <= BREAK_MINUTES.max)) {
      throw new AppError(422, "A break is between 5 minutes and 2 hours.", { fieldErrors: { [`minutes-${index}`]: "A break is between 5 minutes and 2 hours" } });
    }
    stops[index] = { ...stops[index], minutes };
  } else if (intent === "add") {
    const raw = form.get("hours");
    const hours = typeof raw === "string" && /^\d{1,2}(\.\d{1,2})?$/.test(raw) ? Number(raw) : NaN;
    const driveHours = (current.drivingMinutes - 1) / 60;
    if (!(hours > 0 && hours < driveHours)) {
      throw new AppError(422, `Please choose a point of the drive between 0 and ${Math.floor(driveHours * 10) / 10} hours.`, { fieldErrors: { hours: "Please choose a point of the drive" } });
    }
    if (stops.length >= MAX_STOPS) throw new AppError(422, `A plan has at most ${MAX_STOPS} stops.`);
    const found = await stopNear(sql(), appRoutingEngine(), query, hours, stops.map((s) => s.listingId));
    if (!found) throw new AppError(422, "No stop of this kind within a sensible detour of that point of the drive. Please choose another point.", { fieldErrors: { hours: "No stop near that point of the drive" } });
    // In its place on the drive: before the first stop further along the route.
    const at = current.stops.findIndex((s) => s.alongSeconds > found.alongSeconds);
    stops.splice(at === -1 ? stops.length : at, 0, { listingId: found.listing.id, minutes: query.length });
  } else {
    throw new AppError(400, "Sorry, that did not work. Please try again.");
  }
  return { url: tripUrl({ ...query, edited: true, stops }) };
}

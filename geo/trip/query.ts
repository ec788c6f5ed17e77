import { z } from "zod";

/**
 * A trip plan is fully described by its URL (ARCHITECTURE §9): this schema reads and writes those
 * query parameters. It holds no server imports, so the /trip form validates with it in the browser too.
 */

export const BREAK_KINDS = ["walk", "pub-walk", "beach", "any"] as const;
export type BreakKind = (typeof BREAK_KINDS)[number];

export const BREAK_KIND_LABELS: Record<BreakKind, string> = {
  walk: "A walk",
  "pub-walk": "A walk with a pub or café",
  beach: "A beach",
  any: "Any dog-friendly stop",
};

export const EVERY_MINUTES = { min: 90, max: 180, default: 120, step: 15 } as const;
export const BREAK_MINUTES = { min: 5, max: 120, default: 20 } as const;
export const OVERNIGHT_HOURS = { min: 4, max: 14 } as const;
/** At most this many stops in a plan (a drive of two days with a break every 90 minutes). */
export const MAX_STOPS = 24;
const TEXT_MAX = 200;

const DEPART = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

export interface TripStopRef {
  listingId: number;
  minutes: number;
}

/** `stops=12:20,345:25`: each stop's listing id and break length in minutes, in the order they are visited. */
export function parseStops(text: string): TripStopRef[] | null {
  if (text.trim() === "") return [];
  const out: TripStopRef[] = [];
  for (const part of text.split(",")) {
    const match = /^(\d{1,9}):(\d{1,3})$/.exec(part.trim());
    if (!match) return null;
    out.push({ listingId: Number(match[1]), minutes: Number(match[2]) });
  }
  return out;
}

export function formatStops(stops: TripStopRef[]): string {
  return stops.map((s) => `${s.listingId}:${s.minutes}`).join(",");
}

const checkbox = z.preprocess((v) => v === "on" || v === "1" || v === "true" || v === true, z.boolean());
const emptyToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

export const tripQuerySchema = z.object({
  from: z.string().trim().min(1, "Please enter where you start").max(TEXT_MAX, "Please use a shorter place name"),
  to: z.string().trim().min(1, "Please enter where you are going").max(TEXT_MAX, "Please use a shorter place name"),
  fromId: z.preprocess(emptyToUndefined, z.string().max(60).optional()),
  toId: z.preprocess(emptyToUndefined, z.string().max(60).optional()),
  depart: z.string().regex(DEPART, "Please choose a departure date and time"),
  every: z.coerce
    .number({ invalid_type_error: "Please choose how often to stop" })
    .int()
    .min(EVERY_MINUTES.min, "Breaks can be every 1 h 30 at the most often")
    .max(EVERY_MINUTES.max, "Breaks can be every 3 h at the least often")
    .default(EVERY_MINUTES.default),
  kind: z.enum(BREAK_KINDS, { errorMap: () => ({ message: "Please choose what a break should be" }) }).default("walk"),
  length: z.coerce.number().int().min(BREAK_MINUTES.min, "A break is at least 5 minutes").max(BREAK_MINUTES.max, "A break is at most 2 hours").default(BREAK_MINUTES.default),
  vet: checkbox.default(false),
  overnight: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(OVERNIGHT_HOURS.min, "An overnight stop comes after 4 to 14 hours of driving").max(OVERNIGHT_HOURS.max, "An overnight stop comes after 4 to 14 hours of driving").optional(),
  ),
  stops: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .max(MAX_STOPS * 16)
      .transform((text, ctx) => {
        const parsed = parseStops(text);
        if (!parsed || parsed.length > MAX_STOPS || parsed.some((s) => s.minutes < BREAK_MINUTES.min || s.minutes > 24 * 60) || new Set(parsed.map((s) => s.listingId)).size !== parsed.length) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: "This plan's stops cannot be read" });
          return z.NEVER;
        }
        return parsed;
      })
      .optional(),
  ),
  /** Set once the plan was edited: the stops list is the plan, even when empty. */
  edited: checkbox.default(false),
});

export type TripQuery = z.output<typeof tripQuerySchema>;

/** The plan's URL query string, in a stable order so one plan has one URL. */
export function tripSearchParams(q: TripQuery): URLSearchParams {
  const p = new URLSearchParams();
  p.set("from", q.from);
  if (q.fromId) p.set("fromId", q.fromId);
  p.set("to", q.to);
  if (q.toId) p.set("toId", q.toId);
  p.set("depart", q.depart);
  p.set("every", String(q.every));
  p.set("kind", q.kind);
  if (q.length !== BREAK_MINUTES.default) p.set("length", String(q.length));
  if (q.vet) p.set("vet", "1");
  if (q.overnight) p.set("overnight", String(q.overnight));
  if (q.edited) {
    p.set("edited", "1");
    p.set("stops", formatStops(q.stops ?? []));
  }
  return p;
}

export function tripUrl(q: TripQuery, base = "/trip"): string {
  return `${base}?${tripSearchParams(q).toString()}`;
}

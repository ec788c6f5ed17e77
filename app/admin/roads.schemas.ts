// The back office's road and junction forms: one zod schema each, shared by the page (live validation)
// and the action. Without JavaScript a road's line is typed as "lat, lng" points, one a line, or taken
// from the routing graph by its number; with JavaScript the map fills in the same field.
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { signedJunctionNumber } from "../../geo/junction-numbers";

/** The directory's roads lie in the United Kingdom and France: points outside this box are typos. */
export const ROAD_AREA = { south: 41, north: 61.5, west: -14, east: 10 } as const;
export const MAX_LINE_POINTS = 2_000;

export const ROAD_MESSAGES = {
  name: "Please enter the road's name, e.g. M6 or A26",
  nameChars: "A road's name can only contain letters, numbers, spaces and ( ) - . /",
  nameLength: "Please keep the road's name to 40 characters",
  line: "Please give the road's line: at least two points, one \"latitude, longitude\" a line",
  ref: "Please enter the road's number as the routing graph names it, e.g. M6",
  number: "Please enter the junction's number as signed, e.g. 15, 4A, T1 or 6.1",
  lat: "Please enter a latitude between 41 and 61.5 (the United Kingdom or France)",
  lng: "Please enter a longitude between -14 and 10 (the United Kingdom or France)",
  town: "Please keep the name to 80 characters",
} as const;

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** "52.48, -1.89" lines to [lng, lat] pairs; the message names the first line that is not a point. */
export function parseLine(value: string): { ok: true; line: [number, number][] } | { ok: false; message: string } {
  const rows = value
    .split(/\r?\n/)
    .map((row) => row.trim())
    .filter(Boolean);
  if (rows.length > MAX_LINE_POINTS) return { ok: false, message: `Please give at most ${MAX_LINE_POINTS.toLocaleString("en-GB")} points` };
  const line: [number, number][] = [];
  for (const [index, row] of rows.entries()) {
    const match = /^(-?\d{1,2}(?:\.\d{1,15})?)\s*[,;\s]\s*(-?\d{1,3}(?:\.\d{1,15})?)$/.exec(row);
    const lat = match ? Number(match[1]) : NaN;
    const lng = match ? Number(match[2]) : NaN;
    if (!(lat >= ROAD_AREA.south && lat <= ROAD_AREA.north && lng >= ROAD_AREA.west && lng <= ROAD_AREA.east)) {
      return { ok: false, message: `Line ${index + 1} is not a point in the United Kingdom or France (write "latitude, longitude", e.g. 52.4862, -1.8904)` };
    }
    line.push([lng, lat]);
  }
  if (line.length < 2) return { ok: false, message: ROAD_MESSAGES.line };
  return { ok: true, line };
}

/** [lng, lat] pairs back to the text the form shows. */
export function lineText(line: [number, number][]): string {
  return line.map(([lng, lat]) => `${lat}, ${lng}`).join("\n");
}

const roadFields = {
  name: z.preprocess(
    text,
    z
      .string()
      .trim()
      .min(1, ROAD_MESSAGES.name)
      .max(40, ROAD_MESSAGES.nameLength)
      .regex(/^[\p{L}\p{N} ()./-]+$/u, ROAD_MESSAGES.nameChars),
  ),
  motorway: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()),
  source: z.preprocess((value) => (value === "graph" ? "graph" : "points"), z.enum(["points", "graph"])),
  line: z.preprocess(text, z.string().max(MAX_LINE_POINTS * 40, `Please give at most ${MAX_LINE_POINTS.toLocaleString("en-GB")} points`)),
  ref: z.preprocess(text, z.string().trim().max(20, ROAD_MESSAGES.ref)),
};

/** The line comes from the typed points, or from the routing graph by the road's number. */
function refineLine(value: { source: "points" | "graph"; line: string; ref: string }, context: z.RefinementCtx): void {
  if (value.source === "graph") {
    if (!/^[\p{L}\p{N} ()./-]{1,20}$/u.test(value.ref)) context.addIssue({ code: "custom", path: ["ref"], message: ROAD_MESSAGES.ref });
    return;
  }
  const parsed = parseLine(value.line);
  if (!parsed.ok) context.addIssue({ code: "custom", path: ["line"], message: parsed.message });
}

export const roadSchema = z.object(roadFields).superRefine(refineLine);

export const newRoadSchema = z
  .object({
    ...roadFields,
    country: z.preprocess((value) => (value === "75" ? 75 : value === "235" ? 235 : undefined), z.union([z.literal(235), z.literal(75)], { message: "Please choose the road's country" })),
  })
  .superRefine(refineLine);

const coordinate = (min: number, max: number, message: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && /^\s*-?\d{1,3}(\.\d{1,10})?\s*$/.test(value) ? Number(value) : undefined),
    z.number({ required_error: message, invalid_type_error: message }).min(min, message).max(max, message),
  );

export const junctionSchema = z.object({
  // The importers' rule (geo/junction-numbers.ts): whatever is saved here has a page, junction-t1 or junction-6.1.
  number: z.preprocess(
    text,
    z.string().transform((value, context) => {
      const number = signedJunctionNumber(value);
      if (number === null) {
        context.addIssue({ code: "custom", message: ROAD_MESSAGES.number });
        return z.NEVER;
      }
      return number;
    }),
  ),
  town: z.preprocess(text, z.string().trim().max(80, ROAD_MESSAGES.town)),
  lat: coordinate(ROAD_AREA.south, ROAD_AREA.north, ROAD_MESSAGES.lat),
  lng: coordinate(ROAD_AREA.west, ROAD_AREA.east, ROAD_MESSAGES.lng),
});

export const roadValidator = withZod(roadSchema);
export const newRoadValidator = withZod(newRoadSchema);
export const junctionValidator = withZod(junctionSchema);

export type RoadForm = z.infer<typeof roadSchema>;
export type JunctionForm = z.infer<typeof junctionSchema>;

import { z } from "zod";

/** Extra details by section of the listing form (docs/decisions/0031-listing-form.md). */
export const extrasSchema = z
  .object({
    /** Walk features row (walks). */
    walkLengthMiles: z.string().max(10).optional(),
    walkSurface: z.string().max(40).optional(),
    /** Pub fields (pubs, or a walk with a pub). */
    pubName: z.string().max(120).optional(),
    openingHours: z.string().max(300).optional(),
    /** Beach fields (beaches, or a walk with a beach). */
    beachName: z.string().max(120).optional(),
    dogRestrictions: z.string().max(300).optional(),
    /** France-only fields. */
    department: z.string().max(60).optional(),
    autorouteExit: z.string().max(60).optional(),
  })
  .default({});

export type ListingExtras = z.infer<typeof extrasSchema>;

/**
 * What a listing version holds (listing_versions.data): every field of the listing form. The demo data
 * wrote the same names, so old and new versions read alike.
 */
export const versionDataSchema = z.object({
  title: z.string().default(""),
  fullTitle: z.string().default(""),
  description: z.string().default(""),
  type: z.number().int().nullable().default(null),
  walkType: z.string().default(""),
  lat: z.number().nullable().default(null),
  lng: z.number().nullable().default(null),
  address: z.string().default(""),
  town: z.string().default(""),
  county: z.string().default(""),
  postcode: z.string().default(""),
  country: z.number().int().nullable().default(null),
  facilities: z.array(z.number().int()).default([]),
  has_pub: z.boolean().default(false),
  has_beach: z.boolean().default(false),
  free: z.boolean().default(true),
  gallery: z.array(z.string()).default([]),
  extras: extrasSchema,
});

export type ListingVersionData = z.infer<typeof versionDataSchema>;

/** Reads a stored version's data; anything unreadable becomes the empty form rather than an error. */
export function readVersionData(value: unknown): ListingVersionData {
  const parsed = versionDataSchema.safeParse(value);
  return parsed.success ? parsed.data : versionDataSchema.parse({});
}

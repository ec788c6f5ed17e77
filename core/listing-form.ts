// The listing form's one schema, shared by the browser (remix-validated-form), the server and the
// operators' importer (geo/import). Messages are the spec's (§5) word for word, with walk|listing
// chosen by the type. A draft skips the checks.
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { MAX_DATABASE_ID } from "./ids";
import { isWalkTypePath, listingNoun, WALK_TYPES, WALK_TYPE_PATHS } from "./walk-types";

export const LISTING_COUNTRIES = [
  { id: 235, name: "United Kingdom", slug: "united-kingdom" },
  { id: 75, name: "France", slug: "france" },
] as const;
export const FRANCE_ID = 75;
export const DESCRIPTION_MAX = 20_000;

export function listingMessages(noun: "walk" | "listing") {
  return {
    location: `Where is this ${noun}? Place the map marker in the appropriate place`,
    type: "Please select the type of listing you'd like to add",
    address: "Please enter the first line of the address and post code, if you have it",
    country: `Please select which country this ${noun} is in`,
    title: `Please enter a brief, but descriptive title for this ${noun}`,
    description: `Please provide a description for this ${noun}`,
  };
}

export const ADDRESS_NOT_FOUND = "We couldn't find any details for that address. Please enter them manually";
export function markerGeocodeFailure(message: string): string {
  return `Sorry, we couldn't find that address. ${message}`;
}

const text = (max: number) => z.preprocess((value) => (value === undefined || value === null ? "" : value), z.string().trim().max(max, `Please keep this to ${max} characters`));
const list = <T extends z.ZodTypeAny>(item: T, max: number) => z.preprocess((value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]), z.array(item).max(max));
const checkbox = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());

/** Whether the description has any words: the editor's empty paragraph counts as empty. */
export function hasDescriptionText(value: string): boolean {
  return value.replace(/<[^>]*>/g, "").replace(/&nbsp;/g, " ").trim().length > 0;
}

/** The spec: lat and lng are invalid when both are empty or '0'. */
export function markerMissing(lat: string, lng: string): boolean {
  const empty = (value: string) => value.trim() === "" || value.trim() === "0";
  return empty(lat) && empty(lng);
}

export const listingFormSchema = z
  .object({
    intent: z.enum(["submit", "draft", "locate"]).default("submit"),
    walkType: text(40),
    title: text(120),
    description: text(DESCRIPTION_MAX),
    /** "html" when the rich-text editor wrote the description; plain text otherwise (no JavaScript). */
    descriptionFormat: z.enum(["html", "text"]).default("text"),
    address: text(200),
    town: text(80),
    county: text(80),
    postcode: text(12),
    country: text(5),
    lat: text(20),
    lng: text(20),
    facilities: list(z.coerce.number().int().positive().max(MAX_DATABASE_ID), 30),
    has_pub: checkbox,
    has_beach: checkbox,
    walkLengthMiles: text(10),
    walkSurface: text(40),
    pubName: text(120),
    openingHours: text(300),
    beachName: text(120),
    dogRestrictions: text(300),
    department: text(60),
    autorouteExit: text(60),
    gallery: list(z.string().regex(/^[0-9a-f]{24}$/), 30),
  })
  .superRefine((form, ctx) => {
    const type = isWalkTypePath(form.walkType) ? WALK_TYPES[form.walkType].typeId : null;
    if (form.walkType !== "" && !isWalkTypePath(form.walkType)) ctx.addIssue({ code: "custom", path: ["walkType"], message: listingMessages("listing").type });
    const latNumber = Number(form.lat);
    const lngNumber = Number(form.lng);
    const badCoordinates = !markerMissing(form.lat, form.lng) && (!Number.isFinite(latNumber) || !Number.isFinite(lngNumber) || Math.abs(latNumber) > 90 || Math.abs(lngNumber) > 180);
    if (form.intent !== "submit") return;
    const messages = listingMessages(listingNoun(type));
    if (type === null) ctx.addIssue({ code: "custom", path: ["walkType"], message: messages.type });
    if (!form.title) ctx.addIssue({ code: "custom", path: ["title"], message: messages.title });
    if (!hasDescriptionText(form.description)) ctx.addIssue({ code: "custom", path: ["description"], message: messages.description });
    if (!form.address) ctx.addIssue({ code: "custom", path: ["address"], message: messages.address });
    if (!LISTING_COUNTRIES.some((country) => String(country.id) === form.country)) ctx.addIssue({ code: "custom", path: ["country"], message: messages.country });
    if (markerMissing(form.lat, form.lng) || badCoordinates) ctx.addIssue({ code: "custom", path: ["lat"], message: messages.location });
  });

export type ListingFormData = z.infer<typeof listingFormSchema>;
export const listingFormValidator = withZod(listingFormSchema);

/** The type options of the form: every walk-type path value, or only the businesses' on /account/add-member-business. */
export function typeOptions(businessOnly: boolean): { value: string; label: string }[] {
  return WALK_TYPE_PATHS.filter((path) => !businessOnly || WALK_TYPES[path].typeId === 4).map((path) => ({ value: path, label: WALK_TYPES[path].label }));
}

/** Which conditional sections show (spec §4). */
export function visibleSections(form: { walkType: string; has_pub: boolean; has_beach: boolean; country: string }) {
  const type = isWalkTypePath(form.walkType) ? WALK_TYPES[form.walkType].typeId : null;
  return {
    walkFeatures: type === 1,
    pub: type === 2 || (type === 1 && form.has_pub),
    beach: type === 3 || (type === 1 && form.has_beach),
    france: form.country === String(FRANCE_ID),
  };
}

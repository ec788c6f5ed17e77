// Loaders and actions of the listing form pages: /add-listing, /account/add-member-business and
// /{type}/{slug}/edit. Roles: anyone may add (visitors pass the captcha and cannot keep drafts); members
// add member businesses; only the author or an administrator edits.
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { clientOf } from "../auth/client.server";
import { geocode } from "../../geo/geocode";
import { checkCaptcha, createFallbackQuestion } from "../captcha/captcha.server";
import { getSessionUser, requireMember, type SessionUser } from "../auth/guards.server";
import { desc, eq } from "drizzle-orm";
import { listingVersions } from "../../db/schema";
import { db, sql } from "../db.server";
import { listFacilities } from "../../geo/facilities";
import { createUpload, galleryImages } from "../uploads/files.server";
import { filesOf, MAX_FILES_PER_FORM } from "../uploads/multipart.server";
import { uploaderOf, type Uploader } from "../uploads/uploader.server";
import { LISTING_COUNTRIES, listingFormValidator, markerGeocodeFailure, type ListingFormData } from "../../core/listing-form";
import { canManage, listingForRequest, type ListingRecord } from "./listing.server";
import { saveListing } from "./save.server";
import { readVersionData, type ListingVersionData } from "./version-data";
import { UPLOAD } from "../../media/images.server";
import { AppError, type AppErrorStatus } from "../../core/errors";
import { formErrorResponse, validationErrorResponse } from "../error-response.server";
import { readVisitorForm } from "../uploads/multipart.server";

export type FormMode = "add" | "business" | "edit";

const FORM_ID = "listing";

/** The form's values from a version (editing) or empty (adding). */
function formValues(version: ListingVersionData | null, walkType: string): Record<string, unknown> {
  const v = version;
  return {
    walkType: v?.walkType || walkType,
    title: v?.title ?? "",
    description: v?.description ?? "",
    descriptionFormat: "html",
    address: v?.address ?? "",
    town: v?.town ?? "",
    county: v?.county ?? "",
    postcode: v?.postcode ?? "",
    country: v?.country ? String(v.country) : "235",
    lat: v?.lat === null || v?.lat === undefined ? "" : String(v.lat),
    lng: v?.lng === null || v?.lng === undefined ? "" : String(v.lng),
    facilities: (v?.facilities ?? []).map(String),
    has_pub: v?.has_pub ?? false,
    has_beach: v?.has_beach ?? false,
    ...Object.fromEntries(Object.entries(v?.extras ?? {}).map(([key, value]) => [key, value ?? ""])),
  };
}

async function latestVersion(listingId: number): Promise<ListingVersionData | null> {
  const [row] = await db().select({ data: listingVersions.data }).from(listingVersions).where(eq(listingVersions.listingId, listingId)).orderBy(desc(listingVersions.version)).limit(1);
  return row ? readVersionData(row.data) : null;
}

async function editable(request: Request, slug: string | undefined, user: SessionUser): Promise<ListingRecord> {
  const listing = await listingForRequest(sql(), request, slug, user);
  if (!canManage(listing, user)) throw new AppError(403, "You can only edit your own listings.");
  return listing;
}

export async function listingFormPage(request: Request, mode: FormMode, slug?: string, context?: AppLoadContext) {
  const user = mode === "add" ? await getSessionUser(request) : await requireMember(request);
  const listing = mode === "edit" && user ? await editable(request, slug, user) : null;
  const version = listing ? ((await latestVersion(listing.id)) ?? null) : null;
  const [facilities, gallery] = await Promise.all([listFacilities(sql()), galleryImages(version?.gallery ?? [])]);
  return {
    mode,
    listing: listing ? { id: listing.id, url: listing.url, title: listing.title, status: listing.status } : null,
    values: formValues(version, mode === "business" ? "member-business" : ""),
    gallery,
    facilities: facilities.map((facility) => ({ id: facility.id, name: facility.name })),
    countries: LISTING_COUNTRIES.map((country) => ({ id: country.id, name: country.name })),
    visitor: user === null,
    admin: user?.isAdmin === true,
    captcha: user === null ? createFallbackQuestion("listing", clientOf(request, context).ip) : null,
    sent: mode === "add" && new URL(request.url).searchParams.get("sent") === "1",
  };
}

/** What was typed, for the page without JavaScript to show again. */
function typedValues(form: FormData): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    if (["altcha", "captchaToken", "captchaAnswer", "images", "intent"].includes(key)) continue;
    const all = form.getAll(key).filter((value): value is string => typeof value === "string");
    values[key] = key === "facilities" || key === "gallery" ? all : all[all.length - 1];
  }
  return values;
}

function failure(message: string, status: AppErrorStatus, form: FormData, fieldErrors: Record<string, string> = {}) {
  return formErrorResponse(new AppError(status, message, { fieldErrors }), { repopulateFields: typedValues(form), formId: FORM_ID });
}

/** No JavaScript: "Find the address on the map" posts the form; the answer puts the marker's position in it. */
async function locate(form: FormData, values: ListingFormData) {
  const candidates = [values.postcode, [values.address, values.town].filter(Boolean).join(", "), values.town].filter((text) => text.trim() !== "");
  for (const candidate of candidates) {
    const [hit] = await geocode(sql(), candidate, { limit: 1, country: LISTING_COUNTRIES.find((country) => String(country.id) === values.country)?.slug });
    if (hit) {
      return data({ fieldErrors: {}, formId: FORM_ID, notice: `The marker is at ${hit.formattedAddress}. Check it and move it if needed.`, repopulateFields: { ...typedValues(form), lat: String(hit.lat), lng: String(hit.lng) } });
    }
  }
  return failure(markerGeocodeFailure("Please enter the position yourself."), 422, form, { lat: markerGeocodeFailure("Please enter the position yourself.") });
}

export async function listingFormAction(request: Request, mode: FormMode, slug?: string, context?: AppLoadContext) {
  const user = mode === "add" ? await getSessionUser(request) : await requireMember(request);
  const existing = mode === "edit" && user ? await editable(request, slug, user) : null;
  const read = await readVisitorForm(request, context, user);
  if ("refusal" in read) return read.refusal;
  const { form } = read;
  const result = await listingFormValidator.validate(form);
  if (result.error) return validationErrorResponse(result.error.fieldErrors, { formId: FORM_ID, repopulateFields: typedValues(form) });
  const values = result.data;
  if (values.intent === "locate") return locate(form, values);
  const draft = values.intent === "draft";
  if (draft && !user) return failure("Please log in or join to save a draft. You can submit your listing without an account.", 403, form);
  if (mode === "business" && !["member-business", "dog-friendly-accommodation", "dog-services"].includes(values.walkType) && !draft) {
    return failure("Please choose one of the business types.", 422, form, { walkType: "Please choose one of the business types." });
  }
  const { uploader, setCookie } = await uploaderOf(request, { issue: true });
  try {
    if (!user) await checkCaptcha(form, "listing", clientOf(request, context).ip);
    const uploaded = await uploadWithForm(uploader, form);
    const previousGallery = existing ? ((await latestVersion(existing.id))?.gallery ?? []) : [];
    const saved = await saveListing({ user, uploader, existing, previousGallery, form: { ...values, gallery: [...values.gallery, ...uploaded] }, draft });
    // A visitor cannot see a listing before moderation, so they are thanked on the form page instead.
    const target = !user ? "/add-listing?sent=1" : saved.held ? `${saved.url}?held=1` : saved.applied ? saved.url : `${saved.url}?pending=1`;
    return redirect(target, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
  } catch (error) {
    if (error instanceof AppError) return failure(error.message, error.status, form, error.code === UPLOAD.code ? { gallery: error.message } : error.fieldErrors);
    throw error;
  }
}

/** Photos sent with the form itself (no JavaScript). */
async function uploadWithForm(uploader: Uploader, form: FormData): Promise<string[]> {
  const ids: string[] = [];
  for (const file of filesOf(form, "images").slice(0, MAX_FILES_PER_FORM)) ids.push((await createUpload(uploader, Buffer.from(await file.arrayBuffer()))).id);
  return ids;
}

export type ListingFormPageData = Awaited<ReturnType<typeof listingFormPage>>;

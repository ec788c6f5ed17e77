// Treat options in the back office (list, add, edit, delete, chances) and on the public /treats page.
import { createHash } from "node:crypto";
import { sql as rawSql } from "drizzle-orm";
import { audit } from "../admin/audit.server";
import type { SessionUser } from "../auth/session.server";
import { db } from "../db.server";
import { AppError } from "../../core/errors";
import { plainTextToHtml, sanitiseDescription } from "../listings/sanitise.server";
import { attachImages, galleryImages, usableImageIds } from "../uploads/files.server";
import type { TreatOptionData } from "../../db/schema";
import type { TreatForm } from "./schemas";
import { CHANCES_SLUG, chancePercent, RESERVED_TREAT_SLUGS, TREAT_MESSAGES, treatImage, type EditableTreat, type TreatImageView } from "./types";

export interface TreatOptionSummary {
  id: number;
  name: string;
  slug: string;
  type: number;
  weight: number;
  chance: string;
  featured: boolean;
  image: TreatImageView | null;
  descriptionHtml: string;
  won: number;
}

type OptionRow = {
  id: number;
  name: string;
  slug: string;
  type: number;
  weight: number;
  featured: boolean;
  image_id: string | null;
  description_html: string;
  won: number;
};

/** Every option not deleted, with its displayed chance (weight / total × 100 at two decimals). */
export async function listTreatOptions(): Promise<TreatOptionSummary[]> {
  const rows = await db().execute<OptionRow>(rawSql`
    SELECT o.id, o.name, o.slug, o.type, o.weight, o.featured, o.image_id, o.description_html,
           (SELECT count(*)::int FROM awarded_treats t WHERE t.option_id = o.id) AS won
    FROM treat_options o WHERE o.deleted_at IS NULL ORDER BY o.weight DESC, o.name`);
  const total = rows.reduce((sum, row) => sum + row.weight, 0);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    type: row.type,
    weight: row.weight,
    chance: chancePercent(row.weight, total),
    featured: row.featured,
    image: treatImage(row.image_id),
    descriptionHtml: row.description_html,
    won: Number(row.won),
  }));
}

export const BLANK_TREAT: EditableTreat = {
  id: null,
  name: "",
  slug: "",
  descriptionHtml: "",
  termsHtml: "",
  type: 3,
  weight: 0,
  subscriptionFilter: "none",
  subscriptionFilterValue: "",
  data: {},
  expiryDays: 90,
  featured: false,
  image: [],
};

export async function editableTreat(id: number): Promise<EditableTreat> {
  const rows = await db().execute<{
    id: number;
    name: string;
    slug: string;
    description_html: string;
    terms_html: string;
    type: number;
    weight: number;
    subscription_filter: "none" | "type" | "option";
    subscription_filter_value: string | null;
    data: TreatOptionData;
    expiry_days: number | null;
    featured: boolean;
    image_id: string | null;
  }>(rawSql`SELECT * FROM treat_options WHERE id = ${id} AND deleted_at IS NULL`);
  const row = rows[0];
  if (!row) throw new AppError(404, TREAT_MESSAGES.notFound);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    descriptionHtml: row.description_html,
    termsHtml: row.terms_html,
    type: row.type,
    weight: row.weight,
    subscriptionFilter: row.subscription_filter,
    subscriptionFilterValue: row.subscription_filter_value ?? "",
    data: row.data,
    expiryDays: row.expiry_days,
    featured: row.featured,
    image: row.image_id ? await galleryImages([row.image_id]) : [],
  };
}

function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80) || "treat"
  );
}

/** Adds (id null) or updates an option: rich text sanitised with the listings' allowlist, the image attached through the uploads pipeline. */
export async function saveTreatOption(admin: SessionUser, id: number | null, form: TreatForm, uploadedImageIds: string[]): Promise<number> {
  if (!admin.isAdmin) throw new AppError(403, "Only administrators can do that.");
  const html = (value: string) => sanitiseDescription(form.descriptionFormat === "html" ? value : plainTextToHtml(value));
  const existing = id === null ? null : await editableTreat(id);
  const uploader = { user: admin, visitorKey: null };
  const images = await usableImageIds(uploader, [...form.image, ...uploadedImageIds].slice(-1), existing?.image.map((image) => image.id) ?? []);
  const imageId = images[0] ?? null;
  const made = slugify(form.name);
  const slug = form.slug || (RESERVED_TREAT_SLUGS.includes(made) ? `${made}-treat` : made);
  const data: TreatOptionData = {
    discount: form.discount,
    interval: form.interval,
    period: form.type === 1 ? form.period : null,
    url: form.url || null,
    voucher: form.voucher || null,
  };
  const filterValue = form.subscriptionFilter === "type" ? form.subscriptionType : form.subscriptionFilter === "option" ? form.subscriptionOption : null;
  const values = {
    name: form.name,
    slug,
    description: html(form.description),
    terms: html(form.terms),
    type: form.type,
    weight: form.weight,
    filter: form.subscriptionFilter,
    filterValue,
    data: JSON.stringify(data),
    expiry: form.expiryDays,
    featured: form.featured,
  };
  return db().transaction(async (tx) => {
    const taken = await tx.execute<{ id: number }>(rawSql`SELECT id FROM treat_options WHERE slug = ${slug} AND deleted_at IS NULL AND id <> ${id ?? 0}`);
    if (taken[0]) throw new AppError(409, "Another Treat already uses this slug.", { fieldErrors: { slug: "Another Treat already uses this slug." } });
    if (values.featured) await tx.execute(rawSql`UPDATE treat_options SET featured = false WHERE featured AND id <> ${id ?? 0}`);
    let savedId: number;
    if (id === null) {
      const rows = await tx.execute<{ id: number }>(rawSql`
        INSERT INTO treat_options (name, slug, description_html, terms_html, image_id, type, weight, subscription_filter, subscription_filter_value, data, expiry_days, featured)
        VALUES (${values.name}, ${values.slug}, ${values.description}, ${values.terms}, ${imageId}, ${values.type}, ${values.weight}, ${values.filter}, ${values.filterValue}, ${values.data}::jsonb, ${values.expiry}, ${values.featured})
        RETURNING id`);
      savedId = rows[0].id;
    } else {
      const rows = await tx.execute<{ id: number }>(rawSql`
        UPDATE treat_options SET name = ${values.name}, slug = ${values.slug}, description_html = ${values.description}, terms_html = ${values.terms}, image_id = ${imageId},
          type = ${values.type}, weight = ${values.weight}, subscription_filter = ${values.filter}, subscription_filter_value = ${values.filterValue}, data = ${values.data}::jsonb,
          expiry_days = ${values.expiry}, featured = ${values.featured}, updated_at = now()
        WHERE id = ${id} AND deleted_at IS NULL RETURNING id`);
      if (!rows[0]) throw new AppError(404, TREAT_MESSAGES.notFound);
      savedId = rows[0].id;
    }
    if (imageId) await attachImages(tx, [imageId]);
    await audit({ actorId: admin.id, action: id === null ? "treat.add" : "treat.edit", recordType: "treat", recordId: savedId, before: existing ? { name: existing.name, weight: existing.weight } : null, after: { name: values.name, weight: values.weight, type: values.type } }, tx);
    return savedId;
  });
}

/** Deletes an option from the draw and the lists; members who already won it keep their Treat. */
export async function deleteTreatOption(admin: SessionUser, id: number): Promise<void> {
  if (!admin.isAdmin) throw new AppError(403, "Only administrators can do that.");
  await db().transaction(async (tx) => {
    const rows = await tx.execute<{ name: string }>(rawSql`UPDATE treat_options SET deleted_at = now(), featured = false WHERE id = ${id} AND deleted_at IS NULL RETURNING name`);
    if (!rows[0]) throw new AppError(404, TREAT_MESSAGES.notFound);
    await audit({ actorId: admin.id, action: "treat.delete", recordType: "treat", recordId: id, before: { name: rows[0].name }, after: { deleted: true } }, tx);
  });
}

const SLUG_PATTERN = /^[a-z0-9-]{1,80}$/;

/**
 * The Treat /account/admin/treats/{slug} opens the chance page on (docs/decisions/0112): null for
 * "chances" (none); 404 for a slug no Treat has.
 */
export async function chancePageFocus(slug: string | undefined): Promise<{ id: number; name: string } | null> {
  if (slug === CHANCES_SLUG) return null;
  if (slug === undefined || !SLUG_PATTERN.test(slug)) throw new AppError(404, TREAT_MESSAGES.notFound);
  const rows = await db().execute<{ id: number; name: string }>(rawSql`SELECT id, name FROM treat_options WHERE slug = ${slug} AND deleted_at IS NULL`);
  if (!rows[0]) throw new AppError(404, TREAT_MESSAGES.notFound);
  return { id: rows[0].id, name: rows[0].name };
}

/** The chance page's rule (spec §5): percentages at two decimals must total exactly 100.00. */
export function totalOfChances(percentages: readonly number[]): number {
  return percentages.reduce((sum, value) => sum + Math.round(value * 100), 0);
}

const STAMP_PATTERN = /^[0-9a-f]{16}$/;

/**
 * A short fingerprint of every Treat's weight (the Treats not deleted, by id). The chance page sends back
 * the one it was shown, so a save made from a page whose weights have changed since (another
 * administrator's chance page, or a Treat's own form) is refused instead of writing the old weights over
 * the new ones (docs/decisions/0189).
 */
export function chancesStamp(options: readonly { id: number; weight: number }[]): string {
  const pairs = [...options].sort((a, b) => a.id - b.id).map((option) => `${option.id}:${option.weight}`);
  return createHash("sha256").update(pairs.join(",")).digest("hex").slice(0, 16);
}

/**
 * Saves the chance percentages (option id → percentage with at most two decimals) as weights in
 * hundredths of a percent, so the displayed chance is exactly what was typed. Every option not deleted
 * must be given, and the total must be exactly 100.00%. `stamp` is the `chancesStamp` the page was
 * shown: if the Treats or their weights have changed since, nothing is saved (409).
 */
export async function saveChances(admin: SessionUser, chances: Map<number, number>, stamp: string): Promise<void> {
  if (!admin.isAdmin) throw new AppError(403, "Only administrators can do that.");
  if (!STAMP_PATTERN.test(stamp)) throw new AppError(400, TREAT_MESSAGES.chancesFailed, { code: "chance-stamp" });
  const hundredths = totalOfChances([...chances.values()]);
  if (hundredths !== 10_000) throw new AppError(422, TREAT_MESSAGES.chanceTotal((hundredths / 100).toFixed(2)), { code: "chance-total" });
  await db().transaction(async (tx) => {
    const rows = await tx.execute<{ id: number; weight: number }>(rawSql`SELECT id, weight FROM treat_options WHERE deleted_at IS NULL ORDER BY id FOR UPDATE`);
    const ids = rows.map((row) => row.id);
    if (ids.length !== chances.size || ids.some((id) => !chances.has(id))) throw new AppError(409, TREAT_MESSAGES.chancesFailed, { code: "chance-options-changed" });
    if (chancesStamp(rows) !== stamp) throw new AppError(409, TREAT_MESSAGES.chancesFailed, { code: "chance-weights-changed" });
    for (const row of rows) {
      const weight = Math.round((chances.get(row.id) ?? 0) * 100);
      if (weight !== row.weight) await tx.execute(rawSql`UPDATE treat_options SET weight = ${weight}, updated_at = now() WHERE id = ${row.id}`);
    }
    await audit({ actorId: admin.id, action: "treat.chances", recordType: "treat", recordId: "chances", before: Object.fromEntries(rows.map((row) => [row.id, row.weight])), after: Object.fromEntries([...chances].map(([id, value]) => [id, Math.round(value * 100)])) }, tx);
  });
}

/** The public /treats page: the featured Treat (or the likeliest one) and every Treat that can be won. */
export async function publicTreats(): Promise<{ featured: TreatOptionSummary | null; treats: TreatOptionSummary[] }> {
  const treats = (await listTreatOptions()).filter((treat) => treat.weight > 0);
  const featured = treats.find((treat) => treat.featured) ?? treats[0] ?? null;
  return { featured, treats };
}

/** The options an administrator may award on the user page. */
export async function awardableOptions(): Promise<{ id: number; name: string }[]> {
  const rows = await db().execute<{ id: number; name: string }>(rawSql`SELECT id, name FROM treat_options WHERE deleted_at IS NULL ORDER BY name`);
  return rows.map((row) => ({ id: row.id, name: row.name }));
}

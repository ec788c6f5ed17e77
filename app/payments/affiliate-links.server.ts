// Friendly discount links in the back office (spec §2 /account/admin/affiliate-links, §7 POST
// affiliate-links/{id or empty}, DELETE affiliate-links/{id}) and the code a visitor carries from the
// link to checkout: docs/decisions/0125-friendly-discount-links.md. Every change is audit-logged.
import { eq, sql as rawSql } from "drizzle-orm";
import { affiliateLinks } from "../../db/schema";
import { audit } from "../admin/audit.server";
import { signedCookie } from "../auth/cookies.server";
import type { SessionUser } from "../auth/guards.server";
import { db } from "../db.server";
import { AppError, found } from "../../core/errors";
import { pageUrl } from "../mail/links.server";
import { DISCOUNT_CODE, DISCOUNT_PARAM, discountPenceOf, type AffiliateLinkFormValues, type AffiliateLinkView } from "./affiliate-links";
import { DISCOUNT_MESSAGES } from "./messages";
import type { Plan } from "./plans";
import { liveAffiliateLink } from "./subscriptions.server";

export const AFFILIATE_NOT_FOUND = "Sorry, we couldn't find that discount link.";
const CODE_TAKEN = "Another discount link already uses this code.";

/** The link a member shares: the plans page carrying the code. */
export function shareableUrl(code: string): string {
  return pageUrl(`/subscriptions?${DISCOUNT_PARAM}=${encodeURIComponent(code)}`);
}

/** A link stops working at the end of its expiry day, UK time. */
const expiresAtOf = (day: string | undefined) => (day ? rawSql`((${day}::date + 1)::timestamp AT TIME ZONE 'Europe/London')` : null);

type LinkRow = {
  id: number;
  name: string;
  code: string;
  discount_percent: number;
  expires_on: string | null;
  expired: boolean;
  uses: number;
};

function view(row: LinkRow): AffiliateLinkView {
  return { id: row.id, name: row.name, code: row.code, discountPercent: row.discount_percent, expiresOn: row.expires_on, expired: row.expired, uses: row.uses, url: shareableUrl(row.code) };
}

/** One link (id) or all of them (null), newest first, with its uses (succeeded payments that used it). */
async function selectLinks(id: number | null): Promise<LinkRow[]> {
  return db().execute<LinkRow>(rawSql`
    SELECT a.id, a.name, a.code, a.discount_percent,
           to_char(((a.expires_at AT TIME ZONE 'Europe/London') - interval '1 day')::date, 'YYYY-MM-DD') AS expires_on,
           coalesce(a.expires_at <= now(), false) AS expired,
           (SELECT count(*)::int FROM charges c WHERE c.affiliate_link_id = a.id AND c.status = 'succeeded') AS uses
    FROM affiliate_links a
    WHERE ${id}::int IS NULL OR a.id = ${id}
    ORDER BY a.created_at DESC, a.id DESC`);
}

export async function listAffiliateLinks(): Promise<AffiliateLinkView[]> {
  return (await selectLinks(null)).map(view);
}

export async function affiliateLink(id: number): Promise<AffiliateLinkView> {
  const [row] = await selectLinks(id);
  return view(found(row, AFFILIATE_NOT_FOUND));
}

export async function editableAffiliateLink(id: number): Promise<AffiliateLinkFormValues> {
  const link = await affiliateLink(id);
  return { id: link.id, name: link.name, code: link.code, discountPercent: link.discountPercent, expiresOn: link.expiresOn ?? "" };
}

export interface AffiliateLinkInput {
  name: string;
  code: string;
  discountPercent: number;
  expiresOn?: string;
}

function isCodeTaken(error: unknown): boolean {
  const cause = error instanceof Error && "cause" in error ? error.cause : error;
  return typeof cause === "object" && cause !== null && "code" in cause && cause.code === "23505";
}

/** Adds (id null) or changes a link; answers its id. A code already used by another link is a field error. */
export async function saveAffiliateLink(admin: SessionUser, id: number | null, input: AffiliateLinkInput): Promise<number> {
  const values = { name: input.name, code: input.code, discountPercent: input.discountPercent, expiresAt: expiresAtOf(input.expiresOn) };
  try {
    return await db().transaction(async (tx) => {
      if (id === null) {
        const [row] = await tx.insert(affiliateLinks).values(values).returning({ id: affiliateLinks.id });
        await audit({ actorId: admin.id, action: "affiliate-link.add", recordType: "affiliate-link", recordId: row.id, after: input }, tx);
        return row.id;
      }
      const [before] = await tx.select().from(affiliateLinks).where(eq(affiliateLinks.id, id)).for("update");
      found(before, AFFILIATE_NOT_FOUND);
      await tx.update(affiliateLinks).set(values).where(eq(affiliateLinks.id, id));
      await audit({ actorId: admin.id, action: "affiliate-link.update", recordType: "affiliate-link", recordId: id, before, after: input }, tx);
      return id;
    });
  } catch (error) {
    if (isCodeTaken(error)) throw new AppError(409, CODE_TAKEN, { fieldErrors: { code: CODE_TAKEN } });
    throw error;
  }
}

/** Deletes a link; payments that used it keep their amounts (their link reference becomes empty). */
export async function deleteAffiliateLink(admin: SessionUser, id: number): Promise<void> {
  await db().transaction(async (tx) => {
    const [before] = await tx.delete(affiliateLinks).where(eq(affiliateLinks.id, id)).returning();
    found(before, AFFILIATE_NOT_FOUND);
    await audit({ actorId: admin.id, action: "affiliate-link.delete", recordType: "affiliate-link", recordId: id, before }, tx);
  });
}

// The code travels from the shared link to checkout in a signed cookie, through joining or logging in.
const discountCookie = signedCookie("pawroute_discount", 60 * 60 * 24 * 30);

export interface FriendlyDiscount {
  code: string;
  discountPercent: number;
  discountPence: number;
  amountPence: number;
  /** Remembers a code that arrived in the URL. */
  setCookie: string | null;
}

/**
 * The friendly discount for this request: the ?discount= code, else the one remembered from the link the
 * visitor arrived with; only a live link counts. With a plan, its price less the discount.
 */
export async function friendlyDiscount(request: Request, plan?: Plan): Promise<FriendlyDiscount | null> {
  const fromUrl = new URL(request.url).searchParams.get(DISCOUNT_PARAM)?.trim() ?? "";
  const remembered: unknown = await discountCookie().parse(request.headers.get("Cookie"));
  const code = DISCOUNT_CODE.test(fromUrl) ? fromUrl : typeof remembered === "string" && DISCOUNT_CODE.test(remembered) ? remembered : null;
  const link = code ? await liveAffiliateLink(code) : null;
  if (!link) return null;
  const discountPence = plan ? discountPenceOf(plan.pricePence, link.discountPercent) : 0;
  return {
    code: link.code,
    discountPercent: link.discountPercent,
    discountPence,
    amountPence: plan ? plan.pricePence - discountPence : 0,
    setCookie: link.code === remembered ? null : await discountCookie().serialize(link.code),
  };
}

/**
 * Why the code this request carries (in the URL, else remembered) takes nothing off, in the member's words:
 * expired or unknown (decision 0237: never silently ignored). Null when there is no code or it is live.
 */
export async function discountCodeNotice(request: Request): Promise<string | null> {
  const fromUrl = new URL(request.url).searchParams.get(DISCOUNT_PARAM)?.trim() ?? "";
  const remembered: unknown = await discountCookie().parse(request.headers.get("Cookie"));
  const code = fromUrl ? fromUrl.slice(0, 40) : typeof remembered === "string" && DISCOUNT_CODE.test(remembered) ? remembered : null;
  if (!code || (DISCOUNT_CODE.test(code) && (await liveAffiliateLink(code)))) return null;
  const [known] = DISCOUNT_CODE.test(code)
    ? await db()
        .select({ id: affiliateLinks.id })
        .from(affiliateLinks)
        .where(rawSql`lower(${affiliateLinks.code}) = lower(${code})`)
    : [];
  return known ? DISCOUNT_MESSAGES.expired(code) : DISCOUNT_MESSAGES.unknown(code);
}

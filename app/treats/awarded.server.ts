// Awarded Treats: claims (docs/decisions/0110), redeem, gift, expiry, the administrator's award, and the
// hook the payments code calls to use a Treat as payment. Every change of state is one conditional UPDATE
// (only an active Treat changes) or runs under the member's row lock, so parallel requests cannot both win.
import { sql as rawSql, type SQL } from "drizzle-orm";
import type { Transaction } from "../points/ledger.server";
import { audit } from "../admin/audit.server";
import type { SessionUser } from "../auth/session.server";
import { db } from "../db.server";
import { AppError } from "../../core/errors";
import { queueMail } from "../mail/send.server";
import { drawWeighted } from "./draw.server";
import { giftReceivedMail, postedGiftMail, treatAwardedMail, voucherMail } from "./mail.server";
import { ADDRESS_REQUIRED, POINTS_PER_CLAIM, TREAT_MESSAGES, treatImage, type AwardedTreatView, type ClaimStatus, type TreatImageView, type TreatStatus } from "./types";
import type { TreatOptionData, TreatRedeemData } from "../../db/schema";

type Executor = Pick<Transaction, "execute">;

/** A Treat that can still be redeemed or gifted (the condition every state change repeats in SQL). */
const ACTIVE = rawSql`t.redeemed_at IS NULL AND t.gifted_at IS NULL AND t.expired_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > now())`;

export function hexTreatId(id: number): string {
  return id.toString(16);
}

/** The hex id of /account/treats/{id}; anything else is a 404. */
export function treatIdFromHex(value: string | undefined): number {
  if (!value || !/^[0-9a-f]{1,8}$/i.test(value)) throw new AppError(404, TREAT_MESSAGES.notFound);
  const id = parseInt(value, 16);
  if (id < 1 || id > 2_147_483_647) throw new AppError(404, TREAT_MESSAGES.notFound);
  return id;
}

// ---------------------------------------------------------------------------------------------------
// Claims

type ClaimRow = {
  points: number;
  claims_made: number;
  bonus_claims: number;
};

function statusOf(row: ClaimRow): ClaimStatus {
  const earned = Math.floor(row.points / POINTS_PER_CLAIM) + row.bonus_claims;
  const owed = Math.max(0, earned - row.claims_made);
  const into = row.points % POINTS_PER_CLAIM;
  return { points: row.points, owed, pointsToNext: POINTS_PER_CLAIM - into, progressPercent: Math.round((into / POINTS_PER_CLAIM) * 100) };
}

export async function claimStatus(userId: number): Promise<ClaimStatus> {
  const rows = await db().execute<ClaimRow>(rawSql`
    SELECT u.points, coalesce(c.claims_made, 0) AS claims_made, coalesce(c.bonus_claims, 0) AS bonus_claims
    FROM users u LEFT JOIN treat_claims c ON c.user_id = u.id WHERE u.id = ${userId}`);
  const row = rows[0];
  if (!row) throw new AppError(404, "Sorry, we couldn't find that member.");
  return statusOf(row);
}

type DrawnOption = {
  id: number;
  weight: number;
  name: string;
  image_id: string | null;
  expiry_days: number | null;
};

async function drawOption(tx: Executor): Promise<DrawnOption> {
  const options = await tx.execute<DrawnOption>(rawSql`SELECT id, weight, name, image_id, expiry_days FROM treat_options WHERE deleted_at IS NULL AND weight > 0 ORDER BY id`);
  const drawn = drawWeighted([...options]);
  if (!drawn) throw new AppError(409, TREAT_MESSAGES.nothingToDraw);
  return drawn;
}

async function insertAwarded(tx: Executor, values: { userId: number; optionId: number; source: "claim" | "award" | "gift"; expiresAt: SQL; awardedBy?: number | null; giftedFromId?: number | null }): Promise<number> {
  const rows = await tx.execute<{ id: number }>(rawSql`
    INSERT INTO awarded_treats (user_id, option_id, source, expires_at, awarded_by, gifted_from_id)
    VALUES (${values.userId}, ${values.optionId}, ${values.source}, ${values.expiresAt}, ${values.awardedBy ?? null}, ${values.giftedFromId ?? null})
    RETURNING id`);
  return rows[0].id;
}

function expiryFrom(days: number | null): SQL {
  return days === null ? rawSql`NULL` : rawSql`now() + make_interval(days => ${days})`;
}

/**
 * Claims one Treat: under the member's row lock (which every Treat Points credit also takes), checks a
 * claim is owed, draws an option by weight and records both. Parallel claims queue on the lock, so a
 * member never gets more Treats than they are owed.
 */
export async function claimTreat(userId: number): Promise<{ id: number; hexId: string; optionName: string; image: TreatImageView | null }> {
  return db().transaction(async (tx) => {
    const locked = await tx.execute<{ points: number }>(rawSql`SELECT points FROM users WHERE id = ${userId} AND deactivated_at IS NULL FOR UPDATE`);
    if (!locked[0]) throw new AppError(404, "Sorry, we couldn't find that member.");
    await tx.execute(rawSql`INSERT INTO treat_claims (user_id) VALUES (${userId}) ON CONFLICT (user_id) DO NOTHING`);
    const claims = await tx.execute<{ claims_made: number; bonus_claims: number }>(rawSql`SELECT claims_made, bonus_claims FROM treat_claims WHERE user_id = ${userId} FOR UPDATE`);
    const status = statusOf({ points: locked[0].points, ...claims[0] });
    if (status.owed < 1) throw new AppError(409, TREAT_MESSAGES.noClaim, { code: "no-claim" });
    const option = await drawOption(tx);
    const id = await insertAwarded(tx, { userId, optionId: option.id, source: "claim", expiresAt: expiryFrom(option.expiry_days) });
    await tx.execute(rawSql`UPDATE treat_claims SET claims_made = claims_made + 1 WHERE user_id = ${userId}`);
    return { id, hexId: hexTreatId(id), optionName: option.name, image: treatImage(option.image_id) };
  });
}

// ---------------------------------------------------------------------------------------------------
// Reading

type AwardedRow = {
  id: number;
  name: string;
  slug: string;
  type: number;
  image_id: string | null;
  description_html: string;
  terms_html: string;
  won_at: Date;
  expires_at: Date | null;
  redeemed_at: Date | null;
  gifted_at: Date | null;
  expired_at: Date | null;
  redeem_data: TreatRedeemData | null;
  gifted_username: string | null;
  expired_now: boolean;
};

const SELECT_AWARDED = rawSql`
  SELECT t.id, o.name, o.slug, o.type, o.image_id, o.description_html, o.terms_html, t.won_at, t.expires_at, t.redeemed_at, t.gifted_at,
         t.expired_at, t.redeem_data, g.username AS gifted_username,
         (t.expired_at IS NOT NULL OR (t.redeemed_at IS NULL AND t.gifted_at IS NULL AND t.expires_at <= now())) AS expired_now
  FROM awarded_treats t JOIN treat_options o ON o.id = t.option_id LEFT JOIN users g ON g.id = t.gifted_user_id`;

const seconds = (value: Date | string | null) => (value === null ? null : { timestamp: Math.floor(new Date(value).getTime() / 1000) });

function viewOf(row: AwardedRow): AwardedTreatView {
  const status: TreatStatus = row.redeemed_at ? "redeemed" : row.gifted_at ? "gifted" : row.expired_now ? "expired" : "active";
  return {
    id: row.id,
    hexId: hexTreatId(row.id),
    option: {
      name: row.name,
      slug: row.slug,
      type: { id: row.type },
      image: treatImage(row.image_id),
      descriptionHtml: row.description_html,
      termsHtml: row.terms_html,
    },
    status,
    wonAt: new Date(row.won_at).toISOString(),
    expiryDate: seconds(row.expires_at),
    redeemed: row.redeemed_at !== null,
    gifted: row.gifted_at !== null,
    dateRedeemed: seconds(row.redeemed_at),
    dateGifted: seconds(row.gifted_at),
    giftedUser: row.gifted_at ? { username: row.gifted_username } : null,
    redeemData: row.redeem_data ? { voucher: row.redeem_data.voucher ?? null, url: row.redeem_data.url ?? null, address: row.redeem_data.address ?? null } : null,
    paysForSubscription: row.type === 1,
  };
}

export async function memberTreats(userId: number): Promise<AwardedTreatView[]> {
  const rows = await db().execute<AwardedRow>(rawSql`${SELECT_AWARDED} WHERE t.user_id = ${userId} ORDER BY t.won_at DESC, t.id DESC LIMIT 500`);
  return rows.map(viewOf);
}

/** One of the member's Treats; another member's Treat is a 404, as if it did not exist. */
export async function memberTreat(userId: number, id: number): Promise<AwardedTreatView> {
  const rows = await db().execute<AwardedRow>(rawSql`${SELECT_AWARDED} WHERE t.id = ${id} AND t.user_id = ${userId}`);
  if (!rows[0]) throw new AppError(404, TREAT_MESSAGES.notFound);
  return viewOf(rows[0]);
}

// ---------------------------------------------------------------------------------------------------
// Redeem

export type RedeemOutcome =
  | { kind: "redirect"; url: string }
  | { kind: "voucher"; voucher: string; url: string | null }
  | { kind: "posted"; address: string }
  | { kind: "done" };


type RedeemTarget = {
  id: number;
  option_id: number;
  type: number;
  name: string;
  data: TreatOptionData;
};

async function lockedActive(tx: Executor, userId: number, id: number): Promise<RedeemTarget> {
  const rows = await tx.execute<RedeemTarget & { active: boolean }>(rawSql`
    SELECT t.id, t.option_id, o.type, o.name, o.data, (${ACTIVE}) AS active
    FROM awarded_treats t JOIN treat_options o ON o.id = t.option_id
    WHERE t.id = ${id} AND t.user_id = ${userId} FOR UPDATE OF t`);
  const row = rows[0];
  if (!row) throw new AppError(404, TREAT_MESSAGES.notFound);
  if (!row.active) throw new AppError(409, TREAT_MESSAGES.notActive, { code: "not-active" });
  return row;
}

async function postalAddress(tx: Executor, userId: number): Promise<string | null> {
  const rows = await tx.execute<{ line: string }>(rawSql`
    SELECT concat_ws(', ', a.address1, nullif(a.address2, ''), a.town, nullif(a.county, ''), a.postcode, c.name) AS line
    FROM addresses a JOIN countries c ON c.id = a.country_id WHERE a.user_id = ${userId} ORDER BY a.id LIMIT 1`);
  return rows[0]?.line ?? null;
}

/**
 * Redeems one active Treat. The row is locked and re-checked, then marked redeemed with what the member
 * got; a second request waits for the first and then finds it redeemed (409). A posted gift needs an
 * address first (409, code address-required: the page asks for it and retries).
 */
export async function redeemTreat(user: Pick<SessionUser, "id" | "email">, id: number): Promise<RedeemOutcome> {
  return db().transaction(async (tx) => {
    const treat = await lockedActive(tx, user.id, id);
    if (treat.type === 1) return { kind: "redirect", url: `/subscriptions?treat=${hexTreatId(id)}` } satisfies RedeemOutcome;
    let outcome: RedeemOutcome;
    const data: TreatRedeemData = {};
    if (treat.type === 4) {
      const address = await postalAddress(tx, user.id);
      if (!address) throw new AppError(409, TREAT_MESSAGES.addressAbandoned, { code: ADDRESS_REQUIRED });
      data.address = address;
      outcome = { kind: "posted", address };
    } else if (treat.data.voucher) {
      data.voucher = treat.data.voucher;
      data.url = treat.data.url ?? null;
      outcome = { kind: "voucher", voucher: treat.data.voucher, url: treat.data.url ?? null };
    } else if (treat.data.url) {
      data.url = treat.data.url;
      outcome = { kind: "redirect", url: treat.data.url };
    } else {
      outcome = { kind: "done" };
    }
    await tx.execute(rawSql`UPDATE awarded_treats t SET redeemed_at = now(), redeem_data = ${JSON.stringify(data)}::jsonb WHERE t.id = ${id} AND ${ACTIVE}`);
    if (outcome.kind === "voucher") await queueMail(tx, voucherMail(user.email, treat.name, outcome.voucher, outcome.url));
    if (outcome.kind === "posted") await queueMail(tx, postedGiftMail(user.email, treat.name, outcome.address));
    return outcome;
  });
}

// ---------------------------------------------------------------------------------------------------
// Gift

/** Gifts an active Treat to another member (by username or email): the giver's Treat becomes gifted and the recipient gets a new one, mailed. */
export async function giftTreat(user: Pick<SessionUser, "id" | "username" | "email">, id: number, recipientText: string): Promise<{ giftedUser: { username: string | null } }> {
  const wanted = recipientText.trim().toLowerCase();
  const recipients = await db().execute<{ id: number; email: string; username: string | null }>(rawSql`
    SELECT id, email, username FROM users WHERE deactivated_at IS NULL AND (lower(username) = ${wanted} OR lower(email) = ${wanted}) LIMIT 1`);
  const recipient = recipients[0];
  if (!recipient) throw new AppError(422, TREAT_MESSAGES.giftNobody);
  if (recipient.id === user.id) throw new AppError(422, TREAT_MESSAGES.giftSelf);
  return db().transaction(async (tx) => {
    const treat = await lockedActive(tx, user.id, id);
    const updated = await tx.execute<{ expires_at: Date | null }>(rawSql`
      UPDATE awarded_treats t SET gifted_at = now(), gifted_user_id = ${recipient.id} WHERE t.id = ${id} AND ${ACTIVE} RETURNING t.expires_at`);
    if (!updated[0]) throw new AppError(409, TREAT_MESSAGES.notActive, { code: "not-active" });
    const expiresAt = updated[0].expires_at;
    const newId = await insertAwarded(tx, { userId: recipient.id, optionId: treat.option_id, source: "gift", expiresAt: expiresAt ? rawSql`${new Date(expiresAt).toISOString()}::timestamptz` : rawSql`NULL`, giftedFromId: id });
    await queueMail(tx, giftReceivedMail(recipient.email, treat.name, user.username ?? "A Pawroute member", hexTreatId(newId)));
    return { giftedUser: { username: recipient.username } };
  });
}

// ---------------------------------------------------------------------------------------------------
// Expiry (the expire-treats job)

/** Marks every Treat past its expiry date (and still unused) as expired; returns how many. */
export async function expireTreats(batch = 5000): Promise<number> {
  const rows = await db().execute<{ id: number }>(rawSql`
    UPDATE awarded_treats SET expired_at = now()
    WHERE id IN (SELECT id FROM awarded_treats t WHERE t.expires_at <= now() AND t.redeemed_at IS NULL AND t.gifted_at IS NULL AND t.expired_at IS NULL ORDER BY t.expires_at LIMIT ${batch} FOR UPDATE SKIP LOCKED)
      AND redeemed_at IS NULL AND gifted_at IS NULL AND expired_at IS NULL
    RETURNING id`);
  return rows.length;
}

// ---------------------------------------------------------------------------------------------------
// The administrator's award

/** Awards a chosen Treat option, or (optionId null) one drawn by weight, to a member; audit-logged with the award. */
export async function awardTreat(admin: SessionUser, userId: number, optionId: number | null): Promise<{ id: number; optionName: string }> {
  if (!admin.isAdmin) throw new AppError(403, "Only administrators can do that.");
  return db().transaction(async (tx) => {
    const members = await tx.execute<{ email: string }>(rawSql`SELECT email FROM users WHERE id = ${userId} AND deactivated_at IS NULL FOR UPDATE`);
    if (!members[0]) throw new AppError(404, "Sorry, we couldn't find that member.");
    let option: DrawnOption;
    if (optionId === null) option = await drawOption(tx);
    else {
      const rows = await tx.execute<DrawnOption>(rawSql`SELECT id, weight, name, expiry_days FROM treat_options WHERE id = ${optionId} AND deleted_at IS NULL`);
      if (!rows[0]) throw new AppError(404, TREAT_MESSAGES.notFound);
      option = rows[0];
    }
    const id = await insertAwarded(tx, { userId, optionId: option.id, source: "award", expiresAt: expiryFrom(option.expiry_days), awardedBy: admin.id });
    await audit({ actorId: admin.id, action: "treat.award", recordType: "user", recordId: userId, before: null, after: { treat: option.name, optionId: option.id, awardedTreatId: id, random: optionId === null } }, tx);
    await queueMail(tx, treatAwardedMail(members[0].email, option.name, hexTreatId(id)));
    return { id, optionName: option.name };
  });
}

// ---------------------------------------------------------------------------------------------------
// Paying for a subscription with a Treat (payment method 3, "prize")

export interface TreatSubscriptionData {
  awardedTreatId: number;
  optionId: number;
  name: string;
  /** Which subscriptions it applies to: any, one plan type or one plan option (the option's subscription filter). */
  filter: { kind: "none" | "type" | "option"; value: string | null };
  /** Percentage off (100 = free). */
  discount: number;
  interval: number;
  period: "month" | "year";
}

/**
 * Uses an awarded Treat as a subscription's payment, inside the payments code's transaction: locks the
 * Treat, checks it is the member's, active and a subscription Treat (type 1), marks it redeemed and
 * returns its subscription data. Throws AppError (404 unknown, 409 used or not a subscription Treat) and
 * leaves the Treat untouched when the caller's transaction rolls back.
 */
export async function consumeTreatForSubscription(tx: Executor, userId: number, awardedTreatId: number): Promise<TreatSubscriptionData> {
  const rows = await tx.execute<{ id: number; option_id: number; name: string; type: number; data: TreatOptionData; filter: "none" | "type" | "option"; filter_value: string | null; active: boolean }>(rawSql`
    SELECT t.id, t.option_id, o.name, o.type, o.data, o.subscription_filter AS filter, o.subscription_filter_value AS filter_value, (${ACTIVE}) AS active
    FROM awarded_treats t JOIN treat_options o ON o.id = t.option_id
    WHERE t.id = ${awardedTreatId} AND t.user_id = ${userId} FOR UPDATE OF t`);
  const row = rows[0];
  if (!row) throw new AppError(404, TREAT_MESSAGES.notFound);
  if (!row.active) throw new AppError(409, TREAT_MESSAGES.notActive, { code: "not-active" });
  if (row.type !== 1) throw new AppError(409, "This Treat cannot be used to pay for a subscription.", { code: "not-subscription-treat" });
  const result: TreatSubscriptionData = {
    awardedTreatId: row.id,
    optionId: row.option_id,
    name: row.name,
    filter: { kind: row.filter, value: row.filter_value },
    discount: row.data.discount ?? 100,
    interval: row.data.interval ?? 1,
    period: row.data.period ?? "month",
  };
  await tx.execute(rawSql`UPDATE awarded_treats t SET redeemed_at = now(), redeem_data = ${JSON.stringify({ subscription: result })}::jsonb WHERE t.id = ${awardedTreatId} AND ${ACTIVE}`);
  return result;
}

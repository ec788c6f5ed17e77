// Refer a friend (docs/decisions/0102-referrals.md): the member invites a friend's address; the mail goes
// through the queue with a signed link to /join; a friend who joins through it with that address and
// verifies it earns the referrer REFERRAL_POINTS, once (credited_at, and the ledger's one entry per source).
import { and, eq, isNull, sql as rawSql } from "drizzle-orm";
import { referrals, users } from "../../db/schema";
import type { SessionUser } from "../auth/guards.server";
import { readSignedValue, signValue } from "../auth/secrets.server";
import { db } from "../db.server";
import { getEnv } from "../env.server";
import { AppError } from "../../core/errors";
import { absoluteUrl } from "../mail/links.server";
import { queueMail } from "../mail/send.server";
import { render } from "../mail/templates.server";
import { creditPointsIn, type Transaction } from "../points/ledger.server";

export const REFERRALS_PER_DAY = 10;

export const REFERRAL_MESSAGES = {
  self: "You can't refer yourself. Please enter your friend's email address.",
  member: "Your friend is already a Pawroute member.",
  twice: "You have already invited this friend.",
  tooMany: `You can invite ${REFERRALS_PER_DAY} friends a day. Please try again tomorrow.`,
} as const;

/** The signed referral token carried by the invitation link (/join?ref=…). */
export function referralToken(id: number): string {
  return signValue("referral", String(id));
}

/** The referral id a token names, or null when it is malformed or its signature is wrong. */
export function readReferralToken(token: string | null | undefined): number | null {
  const id = readSignedValue("referral", token, /^\d{1,9}$/);
  return id === null ? null : Number(id);
}

function invitationMail(to: string, from: string, message: string, token: string) {
  return render(to, {
    subject: `${from} invites you to Pawroute`,
    heading: `${from} thinks you'll like Pawroute`,
    paragraphs: [
      ...(message ? [`${from} says: “${message}”`] : []),
      "Pawroute is the dog-friendly travel directory: walks, pubs, beaches and places to stay near the motorway, rated by people who travel with their dogs.",
      "Joining is free. Collect Treat Points for your reviews and listings, keep favourites lists and win Treats for your dog.",
    ],
    action: { label: "Join Pawroute", url: absoluteUrl("/join", { ref: token }) },
    footer: `You are receiving this because ${from} entered your address on Pawroute. We won't write again unless you join.`,
  });
}

/**
 * The spec's POST refer-friend: records the invitation and queues its mail in one transaction.
 * Refuses the member's own address, an existing member, the same address twice and more than
 * REFERRALS_PER_DAY a day (counted under the member's row lock, so parallel requests cannot pass it).
 */
export async function referFriend(user: SessionUser, values: { email: string; message: string }): Promise<{ email: string }> {
  const email = values.email.trim();
  if (email.toLowerCase() === user.email.toLowerCase()) throw new AppError(400, REFERRAL_MESSAGES.self, { fieldErrors: { email: REFERRAL_MESSAGES.self } });
  return db().transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const [member] = await tx.select({ id: users.id }).from(users).where(rawSql`lower(${users.email}) = lower(${email})`);
    if (member) throw new AppError(409, REFERRAL_MESSAGES.member, { fieldErrors: { email: REFERRAL_MESSAGES.member } });
    const [already] = await tx
      .select({ id: referrals.id })
      .from(referrals)
      .where(and(eq(referrals.referrerId, user.id), rawSql`lower(${referrals.email}) = lower(${email})`));
    if (already) throw new AppError(409, REFERRAL_MESSAGES.twice, { fieldErrors: { email: REFERRAL_MESSAGES.twice } });
    const [today] = await tx
      .select({ n: rawSql<number>`count(*)::int` })
      .from(referrals)
      .where(and(eq(referrals.referrerId, user.id), rawSql`${referrals.createdAt} > now() - interval '1 day'`));
    if ((today?.n ?? 0) >= REFERRALS_PER_DAY) throw new AppError(429, REFERRAL_MESSAGES.tooMany, { retryAfterSeconds: 3600 });
    const [row] = await tx.insert(referrals).values({ referrerId: user.id, email, message: values.message }).returning({ id: referrals.id });
    await queueMail(tx, invitationMail(email, user.username ?? "A friend", values.message, referralToken(row.id)));
    return { email };
  });
}

/** What /join shows for a referral link: the invited address (to fill in) and who invited them. */
export async function referralForJoin(token: string | null): Promise<{ token: string; email: string; referrer: string } | null> {
  const id = readReferralToken(token);
  if (id === null || !token) return null;
  const [row] = await db()
    .select({ email: referrals.email, referrer: users.username, joined: referrals.joinedUserId })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referrerId))
    .where(eq(referrals.id, id));
  if (!row || row.joined !== null) return null;
  return { token, email: row.email, referrer: row.referrer ?? "A friend" };
}

/**
 * After a join through a referral link: ties the referral to the new, unverified account with the
 * invited address. Joining with another address, or with an address that already had an account, ties nothing.
 */
export async function recordReferralJoin(token: string | null, email: string): Promise<void> {
  const id = readReferralToken(token);
  if (id === null) return;
  await db().execute(rawSql`
    UPDATE referrals f SET joined_user_id = u.id, joined_at = now()
    FROM users u
    WHERE f.id = ${id} AND f.joined_user_id IS NULL AND lower(f.email) = lower(${email})
      AND lower(u.email) = lower(f.email) AND u.email_verified = false AND u.id <> f.referrer_id
      AND u.created_at > f.created_at
      AND NOT EXISTS (SELECT 1 FROM referrals o WHERE o.joined_user_id = u.id)`);
}

/** In the email-verification transaction: credits the referrer of this newly verified member, once. */
export async function creditReferralIn(tx: Transaction, userId: number): Promise<void> {
  const [row] = await tx
    .update(referrals)
    .set({ creditedAt: rawSql`now()` })
    .where(and(eq(referrals.joinedUserId, userId), isNull(referrals.creditedAt)))
    .returning({ id: referrals.id, referrerId: referrals.referrerId });
  const points = getEnv().REFERRAL_POINTS;
  if (!row || points <= 0) return;
  await creditPointsIn(tx, { userId: row.referrerId, points, reason: "A friend you referred joined Pawroute", source: { kind: "referral", id: row.id } });
}

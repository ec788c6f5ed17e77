// The newsletter: visitors sign up with double opt-in (a mailed confirmation link), and every mail
// carries a one-click unsubscribe link. Members opt in through their email settings (mailing list 1).
import { and, eq, sql as rawSql } from "drizzle-orm";
import { mailingListSubscriptions, newsletterSubscribers } from "../../db/schema";
import { enforceRateLimits } from "../auth/rate-limit.server";
import type { SessionUser } from "../auth/guards.server";
import { hashToken, newToken } from "../auth/tokens.server";
import { db } from "../db.server";
import { AppError } from "../../core/errors";
import { queueMail } from "../mail/send.server";
import { newsletterConfirmMail } from "./mail.server";

/** The mailing list a member's email settings call 'The Pawroute newsletter'. */
export const NEWSLETTER_LIST_ID = 1;

/**
 * Signs an address up and mails it a confirmation link. The answer is the same whether or not the
 * address was already signed up, so the form does not reveal who is subscribed.
 */
export async function signUpForNewsletter(email: string, clientIp: string): Promise<void> {
  await enforceRateLimits(["newsletter:ip", clientIp], ["newsletter:account", email]);
  const { token, hash } = newToken();
  await db().transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: newsletterSubscribers.id, confirmedAt: newsletterSubscribers.confirmedAt, unsubscribedAt: newsletterSubscribers.unsubscribedAt })
      .from(newsletterSubscribers)
      .where(eq(rawSql`lower(${newsletterSubscribers.email})`, email.toLowerCase()))
      .for("update");
    if (existing && existing.confirmedAt && !existing.unsubscribedAt) return;
    if (existing) await tx.update(newsletterSubscribers).set({ tokenHash: hash, confirmedAt: null, unsubscribedAt: null }).where(eq(newsletterSubscribers.id, existing.id));
    else await tx.insert(newsletterSubscribers).values({ email, tokenHash: hash });
    await queueMail(tx, newsletterConfirmMail(email, token));
  });
}

function tokenOf(token: string | null): string {
  if (!token || token.length > 200 || !/^[A-Za-z0-9_-]+$/.test(token)) throw new AppError(400, "This link is not valid. Please copy the whole address from the mail.");
  return hashToken(token);
}

/** The confirmation link: the address starts receiving the newsletter. */
export async function confirmNewsletter(token: string | null): Promise<void> {
  const updated = await db()
    .update(newsletterSubscribers)
    .set({ confirmedAt: rawSql`COALESCE(${newsletterSubscribers.confirmedAt}, now())`, unsubscribedAt: null })
    .where(eq(newsletterSubscribers.tokenHash, tokenOf(token)))
    .returning({ id: newsletterSubscribers.id });
  if (updated.length === 0) throw new AppError(404, "This link is no longer valid. Please sign up again.");
}

/** One-click unsubscribe (also answers RFC 8058's List-Unsubscribe-Post). Unsubscribing twice is fine. */
export async function unsubscribeNewsletter(token: string | null): Promise<void> {
  const updated = await db()
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: rawSql`COALESCE(${newsletterSubscribers.unsubscribedAt}, now())` })
    .where(eq(newsletterSubscribers.tokenHash, tokenOf(token)))
    .returning({ id: newsletterSubscribers.id });
  if (updated.length === 0) throw new AppError(404, "This link is no longer valid.");
}

/** A member's one-click opt-in (PATCH users/me/email-settings {newsletter:true}): no confirmation mail, the address is verified by the account. */
export async function memberNewsletterOptIn(user: SessionUser): Promise<void> {
  await db().insert(mailingListSubscriptions).values({ userId: user.id, listId: NEWSLETTER_LIST_ID }).onConflictDoNothing();
}

export async function memberIsSubscribed(userId: number): Promise<boolean> {
  const [row] = await db()
    .select({ userId: mailingListSubscriptions.userId })
    .from(mailingListSubscriptions)
    .where(and(eq(mailingListSubscriptions.userId, userId), eq(mailingListSubscriptions.listId, NEWSLETTER_LIST_ID)));
  return Boolean(row);
}

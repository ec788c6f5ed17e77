// Email verification (after joining) and email change (after asking for a new address): both are
// confirmed by following a mailed link and pressing the button on the page it opens.
import { eq, sql as rawSql } from "drizzle-orm";
import { users } from "../../db/schema";
import { db } from "../db.server";
import { releaseHeldListings } from "../listings/held.server";
import { changeEmailMail, emailAlreadyUsedMail, emailChangedNoticeMail, verifyEmailMail } from "../mail/templates.server";
import { queueMail } from "../mail/send.server";
import { creditReferralIn } from "../members/referral.server";
import { consumeToken, issueToken, retireTokens, tokenState, type TokenState } from "./account-tokens.server";
import type { Client } from "./client.server";
import { isUniqueViolation } from "./database-errors.server";
import { verifyEmailAndAwardPending } from "./points.server";
import { enforceRateLimits } from "./rate-limit.server";
import type { SessionUser } from "./session.server";
import { startSession } from "./session.server";
import { AppError } from "../../core/errors";

export const LINK_MESSAGES: Record<Exclude<TokenState, "valid">, string> = {
  expired: "This link has expired. Please ask for a new one.",
  used: "This link has already been used. Each link works only once.",
  unknown: "This link is not valid. Please check that you copied all of it, or ask for a new one.",
};

export type VerifyLink = { state: "valid"; purpose: "verify-email" | "change-email"; email: string; userId: number } | { state: Exclude<TokenState, "valid">; message: string };

/** Shown when the browser is logged in to one account and the link is for another. */
export const OTHER_ACCOUNT_MESSAGE = "This link is for a different account from the one you are logged in to. Please log out first, then open the link again.";

/** What the link's page shows before the button is pressed (nothing is used up by opening it). */
export async function describeVerifyLink(token: string): Promise<VerifyLink> {
  const { state, row } = await tokenState(token, ["verify-email", "change-email"]);
  if (state !== "valid" || !row || row.purpose === "reset-password") return { state: state === "valid" ? "unknown" : state, message: LINK_MESSAGES[state === "valid" ? "unknown" : state] };
  return { state: "valid", purpose: row.purpose, email: row.email, userId: row.userId };
}

export type Confirmed =
  | { kind: "verified"; userId: number; hasUsername: boolean; sessionToken: string | null; pointsAwarded: number }
  | { kind: "changed"; userId: number; email: string };

/**
 * Uses the link: verifies the address (and awards pending Treat Points), or switches the account to
 * the new address. Verifying after joining also logs this browser in.
 */
export async function confirmLink(token: string, currentUser: SessionUser | null, client: Client): Promise<Confirmed> {
  const link = await describeVerifyLink(token);
  if (link.state !== "valid") throw new AppError(link.state === "unknown" ? 404 : 410, link.message);
  // Someone else's link never switches this browser to their account (nor changes their address from here).
  if (currentUser && currentUser.id !== link.userId) throw new AppError(409, OTHER_ACCOUNT_MESSAGE);
  if (link.purpose === "verify-email") {
    const result = await db().transaction(async (tx) => {
      const row = await consumeToken(tx, token, "verify-email");
      if (!row) throw new AppError(410, LINK_MESSAGES.used);
      const [user] = await tx.select({ email: users.email, username: users.username }).from(users).where(eq(users.id, row.userId)).for("update");
      if (!user || user.email.toLowerCase() !== row.email.toLowerCase()) throw new AppError(410, "This link was sent to an address the account no longer uses.");
      const pointsAwarded = await verifyEmailAndAwardPending(tx, row.userId);
      await creditReferralIn(tx, row.userId);
      await releaseHeldListings(tx, row.userId);
      const sessionToken = currentUser?.id === row.userId ? null : await startSession(row.userId, client, tx);
      return { kind: "verified" as const, userId: row.userId, hasUsername: user.username !== null, sessionToken, pointsAwarded };
    });
    return result;
  }
  try {
    return await db().transaction(async (tx) => {
      const row = await consumeToken(tx, token, "change-email");
      if (!row) throw new AppError(410, LINK_MESSAGES.used);
      const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId)).for("update");
      if (!user) throw new AppError(404, LINK_MESSAGES.unknown);
      await tx.update(users).set({ email: row.email }).where(eq(users.id, row.userId));
      await verifyEmailAndAwardPending(tx, row.userId);
      await releaseHeldListings(tx, row.userId);
      await retireTokens(tx, row.userId, "change-email");
      await retireTokens(tx, row.userId, "verify-email");
      await queueMail(tx, emailChangedNoticeMail(user.email, row.email));
      return { kind: "changed" as const, userId: row.userId, email: row.email };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, "Another account started using this email address in the meantime, so your address has not been changed.");
    throw error;
  }
}

/** Mails a fresh verification link to a member whose address is not verified yet. */
export async function resendVerification(user: SessionUser): Promise<void> {
  if (user.emailVerified) throw new AppError(409, "Your email address is already verified.");
  await enforceRateLimits(["verify-email:account", String(user.id)]);
  await db().transaction(async (tx) => {
    const token = await issueToken(tx, user.id, "verify-email", user.email);
    await queueMail(tx, verifyEmailMail(user.email, token));
  });
}

/** Asks for a new address: the change happens when the link mailed to the new address is followed. */
export async function requestEmailChange(user: SessionUser, newEmail: string): Promise<void> {
  if (newEmail.toLowerCase() === user.email.toLowerCase()) throw new AppError(400, "That is already your email address.", { fieldErrors: { email: "That is already your email address." } });
  await enforceRateLimits(["change-email:account", String(user.id)]);
  await db().transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(rawSql`lower(${users.email}) = lower(${newEmail})`);
    // The same answer either way: the owner of a taken address is told, nobody else learns of it.
    if (taken) {
      await queueMail(tx, emailAlreadyUsedMail(newEmail));
      return;
    }
    const token = await issueToken(tx, user.id, "change-email", newEmail);
    await queueMail(tx, changeEmailMail(newEmail, token));
  });
}

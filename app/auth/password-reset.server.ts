// Forgotten password: the request answers the same for any address and hands the lookup to a job;
// the mailed link is single-use, hashed and valid for an hour.
import { eq, sql as rawSql } from "drizzle-orm";
import { users } from "../../db/schema";
import { db } from "../db.server";
import { enqueue } from "../jobs/queue.server";
import { passwordChangedMail, passwordResetMail } from "../mail/templates.server";
import { queueMail } from "../mail/send.server";
import { consumeToken, issueToken, retireTokens, tokenState } from "./account-tokens.server";
import type { Client } from "./client.server";
import { hashPassword } from "./password.server";
import { verifyEmailAndAwardPending } from "./points.server";
import { enforceRateLimits } from "./rate-limit.server";
import { endAllSessions } from "./session.server";
import { LINK_MESSAGES } from "./verification.server";
import { AppError } from "../../core/errors";

export const RESET_SUCCESS = "Success! Your password has now been updated.";

export async function requestPasswordReset(email: string, client: Client): Promise<void> {
  await enforceRateLimits(["forgotten:ip", client.ip], ["forgotten:account", email]);
  await enqueue(db(), "password-reset-request", { email });
}

/** The job: mails a reset link when the address has an account, and does nothing otherwise. */
export async function sendPasswordResetLink(email: string): Promise<void> {
  await db().transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(rawSql`lower(${users.email}) = lower(${email})`);
    if (!user) return;
    const token = await issueToken(tx, user.id, "reset-password", user.email);
    await queueMail(tx, passwordResetMail(user.email, token));
  });
}

export async function describeResetLink(token: string): Promise<{ valid: true } | { valid: false; message: string }> {
  const { state } = await tokenState(token, ["reset-password"]);
  return state === "valid" ? { valid: true } : { valid: false, message: LINK_MESSAGES[state] };
}

/** Sets the new password, uses the link up, retires other reset links and ends every session. */
export async function resetPassword(token: string, password: string, client: Client): Promise<void> {
  await enforceRateLimits(["reset:ip", client.ip]);
  const { state, row } = await tokenState(token, ["reset-password"]);
  if (state !== "valid" || !row) throw new AppError(state === "unknown" ? 404 : 410, LINK_MESSAGES[state === "valid" ? "unknown" : state]);
  await enforceRateLimits(["reset:account", String(row.userId)]);
  const passwordHash = await hashPassword(password);
  await db().transaction(async (tx) => {
    const used = await consumeToken(tx, token, "reset-password");
    if (!used) throw new AppError(410, LINK_MESSAGES.used);
    const [user] = await tx.select({ email: users.email, verified: users.emailVerified }).from(users).where(eq(users.id, used.userId)).for("update");
    if (!user) throw new AppError(404, LINK_MESSAGES.unknown);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, used.userId));
    // The link reached this mailbox, which proves the address as well as a verification link does.
    if (!user.verified && user.email.toLowerCase() === used.email.toLowerCase()) await verifyEmailAndAwardPending(tx, used.userId);
    await retireTokens(tx, used.userId, "reset-password");
    await endAllSessions(used.userId, undefined, tx);
    await queueMail(tx, passwordChangedMail(user.email));
  });
}

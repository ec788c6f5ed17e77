// The renewal job (hourly, in the job queue): charges the saved card of each subscription set to renew
// automatically, RENEWAL_DAYS_BEFORE days before it expires, off-session. A renewal's charge key names
// the period, so each period is charged at most once. A decline or a bank asking for authentication
// leaves the subscription as it was and mails the member, once per period.
import { formatDateShortYear } from "../../kit/format";
import { and, eq, gt, isNull, lte, sql as rawSql } from "drizzle-orm";
import { charges, subscriptionEvents, subscriptions, users } from "../../db/schema";
import { db } from "../db.server";
import { getEnv } from "../env.server";
import { AppError } from "../../core/errors";
import { absoluteUrl } from "../mail/links.server";
import { queueMail } from "../mail/send.server";
import { render } from "../mail/templates.server";
import { findPlan } from "./plans";
import { renewDue } from "./subscriptions.server";

export interface RenewalRun {
  renewed: number;
  failed: number;
}

export async function runRenewals(now = new Date()): Promise<RenewalRun> {
  const horizon = new Date(now.getTime() + getEnv().RENEWAL_DAYS_BEFORE * 86_400_000);
  const due = await db()
    .select({ subscription: subscriptions, email: users.email })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(and(isNull(subscriptions.endedAt), eq(subscriptions.autoRenew, true), lte(subscriptions.expiresAt, horizon), gt(subscriptions.expiresAt, rawSql`now() - interval '30 days'`), isNull(users.deactivatedAt)))
    .limit(500);
  const run: RenewalRun = { renewed: 0, failed: 0 };
  for (const { subscription, email } of due) {
    try {
      const outcome = await renewDue(subscription, email);
      if (outcome === "renewed") run.renewed += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      run.failed += 1;
      await noteFailure(subscription, email, error);
    }
  }
  return run;
}

/** Records the failed renewal and mails the member, once per period (the charge's failure notice flag). */
async function noteFailure(subscription: typeof subscriptions.$inferSelect, email: string, error: AppError): Promise<void> {
  const key = `renew:${subscription.id}:${subscription.expiresAt.toISOString()}`;
  await db().transaction(async (tx) => {
    const [first] = await tx
      .update(charges)
      .set({ failureCode: rawSql`${charges.failureCode} || ':noticed'` })
      .where(and(eq(charges.idempotencyKey, key), rawSql`${charges.failureCode} IS NOT NULL AND ${charges.failureCode} NOT LIKE '%:noticed'`))
      .returning({ id: charges.id });
    if (!first) return;
    await tx.insert(subscriptionEvents).values({ subscriptionId: subscription.id, kind: "renewal-failed", detail: error.code ?? "" });
    const plan = findPlan(subscription.plan);
    const authentication = error.code === "authentication_required";
    await queueMail(
      tx,
      render(email, {
        subject: authentication ? "Please confirm your Pawroute renewal" : "We couldn't renew your Pawroute subscription",
        heading: authentication ? "Your bank asks you to confirm the renewal" : "Your renewal payment didn't go through",
        paragraphs: [
          `We tried to renew your ${plan?.name ?? ""} subscription, which expires on ${formatDateShortYear(subscription.expiresAt)}.`,
          authentication ? "Your bank wants you to confirm this payment. It only takes a moment." : `The payment was not taken: ${error.message}`,
          "Your subscription stays as it is until its expiry date. Renew it from your account to keep premium access.",
        ],
        action: { label: authentication ? "Confirm the payment" : "Renew your subscription", url: absoluteUrl("/account/subscriptions/renew") },
      }),
    );
  });
}

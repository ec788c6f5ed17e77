// Money going back: refunds, reversals and disputes from Stripe and PayPal (decision 0240). The webhook
// stores the provider's event id first (payment_events), then calls applyMoneyBackIn in the same
// transaction, so a replayed event changes nothing. The charge row is locked while its totals change,
// so two events for one charge arriving at once are applied one after the other.
import { formatPence } from "../../kit/format";
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { chargeAdjustments, charges, receipts, subscriptionEvents, subscriptions, users, type ChargeAdjustmentKind } from "../../db/schema";
import { hexId } from "../admin/params.server";
import { db } from "../db.server";
import { absoluteUrl } from "../mail/links.server";
import { queueMail } from "../mail/send.server";
import { render } from "../mail/templates.server";
import type { Transaction } from "../points/ledger.server";
import { findPlan } from "./plans";
import type { AdminMoneyBackView, MoneyBackView } from "./types";

export interface MoneyBack {
  provider: "stripe" | "paypal";
  eventId: string;
  chargeId: number;
  kind: ChargeAdjustmentKind;
  /**
   * refund: Stripe's running total refunded on the charge (`cumulative`), or PayPal's one refund's amount;
   * dispute events: the disputed amount; reversal: ignored (the whole charge).
   */
  amountPence: number;
  cumulative?: boolean;
  reason?: string;
}

export type MoneyBackOutcome = "applied" | "unchanged" | "not-ours";

/** Applies one provider event's money going back to our charge, inside the webhook's transaction. */
export async function applyMoneyBackIn(tx: Transaction, input: MoneyBack): Promise<MoneyBackOutcome> {
  const [charge] = await tx.select().from(charges).where(eq(charges.id, input.chargeId)).for("update");
  if (!charge || charge.status !== "succeeded") return "not-ours";
  let refunded = charge.refundedPence;
  let dispute = charge.disputeStatus;
  let recorded = 0;
  if (input.kind === "refund") {
    const total = input.cumulative ? input.amountPence : charge.refundedPence + input.amountPence;
    refunded = Math.min(charge.amountPence, Math.max(charge.refundedPence, total));
    recorded = refunded - charge.refundedPence;
    // An older running total arriving after a newer one changes nothing.
    if (recorded === 0) return "unchanged";
  } else if (input.kind === "reversal") {
    recorded = charge.amountPence - charge.refundedPence;
    refunded = charge.amountPence;
  } else {
    const next = input.kind === "dispute-opened" ? "open" : input.kind === "dispute-won" ? "won" : "lost";
    // A closed dispute stays closed: a late "created" after the outcome changes nothing.
    if (dispute === next || ((dispute === "won" || dispute === "lost") && next === "open")) return "unchanged";
    dispute = next;
    recorded = Math.min(charge.amountPence, Math.max(0, input.amountPence));
  }
  await tx.insert(chargeAdjustments).values({ chargeId: charge.id, userId: charge.userId, provider: input.provider, eventId: input.eventId, kind: input.kind, amountPence: recorded, reason: (input.reason ?? "").slice(0, 200) });
  await tx.update(charges).set({ refundedPence: refunded, disputeStatus: dispute }).where(eq(charges.id, charge.id));
  await followAccess(tx, { ...charge, refundedPence: refunded, disputeStatus: dispute }, input.kind);
  if (input.kind === "refund" || input.kind === "reversal") await mailRefund(tx, charge.id, recorded, refunded >= charge.amountPence);
  return "applied";
}

type ChargeRow = typeof charges.$inferSelect;

/**
 * The subscription follows the money (decision 0240): while a charge's money is gone (refunded in full,
 * reversed, disputed and not won), the part of the period it paid for that is still ahead is taken off
 * the subscription and automatic renewal stops; a won dispute gives that time back. A partial refund is
 * a goodwill gesture and changes no access.
 */
async function followAccess(tx: Transaction, charge: ChargeRow, kind: ChargeAdjustmentKind): Promise<void> {
  const gone = charge.refundedPence >= charge.amountPence || charge.disputeStatus === "open" || charge.disputeStatus === "lost";
  const [subscription] = charge.subscriptionId
    ? await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.id, charge.subscriptionId), isNull(subscriptions.endedAt)))
        .for("update")
    : [];
  const event = { refund: "refunded", reversal: "reversed", "dispute-opened": "disputed", "dispute-won": "dispute-won", "dispute-lost": "dispute-lost" }[kind];
  if (!subscription) return;
  if (gone && charge.accessTakenSeconds === null) {
    const [receipt] = await tx.select().from(receipts).where(eq(receipts.chargeId, charge.id));
    const now = Date.now();
    // What is left of the period this charge paid for, counted back from the subscription's expiry.
    const periodEnd = Math.min(receipt?.periodEnd.getTime() ?? subscription.expiresAt.getTime(), subscription.expiresAt.getTime());
    const periodStart = Math.max(receipt?.periodStart.getTime() ?? now, now);
    const seconds = Math.max(0, Math.ceil((periodEnd - periodStart) / 1000));
    await tx
      .update(subscriptions)
      .set({ expiresAt: new Date(subscription.expiresAt.getTime() - seconds * 1000), autoRenew: false })
      .where(eq(subscriptions.id, subscription.id));
    await tx.update(charges).set({ accessTakenSeconds: seconds }).where(eq(charges.id, charge.id));
    await tx.insert(subscriptionEvents).values({ subscriptionId: subscription.id, kind: event, detail: `charge ${charge.id}: ${seconds} s of access taken off` });
  } else if (!gone && charge.accessTakenSeconds !== null) {
    await tx
      .update(subscriptions)
      .set({ expiresAt: new Date(subscription.expiresAt.getTime() + charge.accessTakenSeconds * 1000) })
      .where(eq(subscriptions.id, subscription.id));
    await tx.update(charges).set({ accessTakenSeconds: null }).where(eq(charges.id, charge.id));
    await tx.insert(subscriptionEvents).values({ subscriptionId: subscription.id, kind: event, detail: `charge ${charge.id}: ${charge.accessTakenSeconds} s of access given back` });
  } else {
    await tx.insert(subscriptionEvents).values({ subscriptionId: subscription.id, kind: event, detail: `charge ${charge.id}` });
  }
}

/** The member's mail for a refund (or a reversal), queued in the webhook's transaction. */
async function mailRefund(tx: Transaction, chargeId: number, pence: number, full: boolean): Promise<void> {
  const [row] = await tx
    .select({ email: users.email, number: receipts.number, description: receipts.description, plan: charges.plan })
    .from(charges)
    .innerJoin(users, eq(users.id, charges.userId))
    .leftJoin(receipts, eq(receipts.chargeId, charges.id))
    .where(eq(charges.id, chargeId));
  if (!row) return;
  const plan = findPlan(row.plan);
  await queueMail(
    tx,
    render(row.email, {
      subject: `Your Pawroute refund of ${formatPence(pence)}`,
      heading: `We've refunded ${formatPence(pence)}`,
      paragraphs: [
        `${formatPence(pence)} of your payment${row.number ? ` on receipt ${row.number}` : ""} (${row.description ?? plan?.name ?? "subscription"}) is on its way back to you. Banks usually show it within 5 to 10 working days.`,
        full ? "As the payment was refunded in full, the premium time it paid for has ended and automatic renewal is off." : "Your subscription is unchanged.",
      ],
      action: { label: "See your receipts", url: absoluteUrl("/account/receipts") },
    }),
  );
}

/** The refunds and disputes of one receipt's charge, for the receipt pages. */
export async function moneyBackOfCharges(chargeIds: number[]): Promise<Map<number, MoneyBackView[]>> {
  const byCharge = new Map<number, MoneyBackView[]>();
  if (chargeIds.length === 0) return byCharge;
  const rows = await db()
    .select()
    .from(chargeAdjustments)
    .where(inArray(chargeAdjustments.chargeId, chargeIds))
    .orderBy(chargeAdjustments.at, chargeAdjustments.id);
  for (const row of rows) {
    const list = byCharge.get(row.chargeId) ?? [];
    list.push(moneyBackView(row));
    byCharge.set(row.chargeId, list);
  }
  return byCharge;
}

function moneyBackView(row: typeof chargeAdjustments.$inferSelect): MoneyBackView {
  return { kind: row.kind, amountPence: row.amountPence, provider: row.provider, reason: row.reason, at: row.at.toISOString() };
}

/** The latest refunds and disputes, for the admin dashboard (all members) or one member's admin page. */
export async function recentMoneyBack(options: { userId?: number; limit: number }): Promise<AdminMoneyBackView[]> {
  const rows = await db()
    .select({ adjustment: chargeAdjustments, email: users.email, receiptNumber: receipts.number, chargePence: charges.amountPence })
    .from(chargeAdjustments)
    .innerJoin(users, eq(users.id, chargeAdjustments.userId))
    .innerJoin(charges, eq(charges.id, chargeAdjustments.chargeId))
    .leftJoin(receipts, eq(receipts.chargeId, chargeAdjustments.chargeId))
    .where(options.userId === undefined ? undefined : eq(chargeAdjustments.userId, options.userId))
    .orderBy(desc(chargeAdjustments.at), desc(chargeAdjustments.id))
    .limit(Math.min(Math.max(1, options.limit), 100));
  return rows.map((row) => ({ ...moneyBackView(row.adjustment), id: row.adjustment.id, memberHexId: hexId(row.adjustment.userId), email: row.email, receiptNumber: row.receiptNumber, chargePence: row.chargePence }));
}

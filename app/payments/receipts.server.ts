// Receipts: one per succeeded charge, listed at /account/receipts and printable one by one, with the
// refunds and disputes of its charge (decision 0240), and mailed when issued.
import { formatDateShortYear, formatPence } from "../../kit/format";
import { and, desc, eq } from "drizzle-orm";
import { charges, receipts, users } from "../../db/schema";
import { db } from "../db.server";
import { found } from "../../core/errors";
import { absoluteUrl } from "../mail/links.server";
import { queueMail } from "../mail/send.server";
import { render } from "../mail/templates.server";
import type { Transaction } from "../points/ledger.server";
import { moneyBackOfCharges } from "./refunds.server";
import type { ReceiptView } from "./types";

type Row = { receipt: typeof receipts.$inferSelect; refundedPence: number; disputeStatus: "open" | "won" | "lost" | null };

async function views(rows: Row[]): Promise<ReceiptView[]> {
  const moneyBack = await moneyBackOfCharges(rows.filter((row) => row.refundedPence > 0 || row.disputeStatus).map((row) => row.receipt.chargeId));
  return rows.map(({ receipt: row, refundedPence, disputeStatus }) => ({
    id: row.id,
    number: row.number,
    description: row.description,
    amountPence: row.amountPence,
    discountPence: row.discountPence,
    paymentDescription: row.paymentDescription,
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    issuedAt: row.issuedAt.toISOString(),
    refundedPence,
    disputeStatus,
    moneyBack: moneyBack.get(row.chargeId) ?? [],
  }));
}

const columns = { receipt: receipts, refundedPence: charges.refundedPence, disputeStatus: charges.disputeStatus };

export async function receiptsOf(userId: number): Promise<ReceiptView[]> {
  const rows = await db()
    .select(columns)
    .from(receipts)
    .innerJoin(charges, eq(charges.id, receipts.chargeId))
    .where(eq(receipts.userId, userId))
    .orderBy(desc(receipts.issuedAt), desc(receipts.id))
    .limit(200);
  return views(rows);
}

/** One of the member's own receipts (another member's is "not found"). */
export async function receiptOf(userId: number, id: number): Promise<ReceiptView & { email: string }> {
  const [row] = await db()
    .select({ ...columns, email: users.email })
    .from(receipts)
    .innerJoin(charges, eq(charges.id, receipts.chargeId))
    .innerJoin(users, eq(users.id, receipts.userId))
    .where(and(eq(receipts.id, id), eq(receipts.userId, userId)));
  const mine = found(row, "Sorry, we couldn't find that receipt.");
  const [view] = await views([mine]);
  return { ...view, email: mine.email };
}

/**
 * Mails the receipt of a charge that has just succeeded, in the transaction that issued it (sent by the
 * job queue after commit). A renewal that failed first and then went through says so: that is the
 * outcome of the failed renewal's retry the member was told about.
 */
export async function mailReceiptIn(tx: Transaction, chargeId: number): Promise<void> {
  const [row] = await tx
    .select({ receipt: receipts, email: users.email, purpose: charges.purpose, failureCode: charges.failureCode })
    .from(receipts)
    .innerJoin(charges, eq(charges.id, receipts.chargeId))
    .innerJoin(users, eq(users.id, receipts.userId))
    .where(eq(receipts.chargeId, chargeId));
  if (!row) return;
  const { receipt } = row;
  const retried = row.purpose === "renew" && row.failureCode !== null;
  const paid = receipt.amountPence > 0 ? `${formatPence(receipt.amountPence)} paid with ${receipt.paymentDescription}` : "Nothing to pay";
  const subject =
    row.purpose === "renew" ? (retried ? "Your Pawroute renewal went through" : "Your Pawroute subscription has been renewed") : row.purpose === "switch" ? "Your Pawroute plan has changed" : "Your Pawroute receipt";
  await queueMail(
    tx,
    render(row.email, {
      subject: `${subject} (${receipt.number})`,
      heading: retried ? "Your renewal payment went through this time" : "Thank you for your payment",
      paragraphs: [
        ...(retried ? ["The earlier attempt to renew was not paid; this payment renewed your subscription."] : []),
        `Receipt ${receipt.number}: ${receipt.description}.`,
        `${paid}${receipt.discountPence > 0 ? ` (a discount of ${formatPence(receipt.discountPence)} was taken off)` : ""}.`,
        `Premium from ${formatDateShortYear(receipt.periodStart)} to ${formatDateShortYear(receipt.periodEnd)}.`,
      ],
      action: { label: "See your receipt", url: absoluteUrl(`/account/receipts/${receipt.id}`) },
    }),
  );
}

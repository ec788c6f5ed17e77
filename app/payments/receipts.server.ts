// Receipts: one per succeeded charge, listed at /account/receipts and printable one by one.
import { and, desc, eq } from "drizzle-orm";
import { receipts, users } from "../../db/schema";
import { db } from "../db.server";
import { found } from "../errors";
import type { ReceiptView } from "./types";

function view(row: typeof receipts.$inferSelect): ReceiptView {
  return {
    id: row.id,
    number: row.number,
    description: row.description,
    amountPence: row.amountPence,
    discountPence: row.discountPence,
    paymentDescription: row.paymentDescription,
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    issuedAt: row.issuedAt.toISOString(),
  };
}

export async function receiptsOf(userId: number): Promise<ReceiptView[]> {
  const rows = await db().select().from(receipts).where(eq(receipts.userId, userId)).orderBy(desc(receipts.issuedAt), desc(receipts.id)).limit(200);
  return rows.map(view);
}

/** One of the member's own receipts (another member's is "not found"). */
export async function receiptOf(userId: number, id: number): Promise<ReceiptView & { email: string }> {
  const [row] = await db()
    .select({ receipt: receipts, email: users.email })
    .from(receipts)
    .innerJoin(users, eq(users.id, receipts.userId))
    .where(and(eq(receipts.id, id), eq(receipts.userId, userId)));
  const mine = found(row, "Sorry, we couldn't find that receipt.");
  return { ...view(mine.receipt), email: mine.email };
}

// Contact messages: stored, then mailed to the team through the job queue in the same transaction,
// so a message is never lost and the mail is retried until it goes.
import { desc, eq, isNull, sql as rawSql } from "drizzle-orm";
import { contactMessages } from "../../db/schema";
import { enforceRateLimits } from "../auth/rate-limit.server";
import type { SessionUser } from "../auth/guards.server";
import { db } from "../db.server";
import { getEnv } from "../env.server";
import { AppError, found } from "../../core/errors";
import { queueMail } from "../mail/send.server";
import { contactMail } from "./mail.server";
import type { ContactForm } from "./schemas";

/** Stores the message and queues the team's mail; a burst from one address is refused first (429). */
/** The message an earlier request with this contact form's key stored, if any (decision 0258). */
export async function contactMessageMadeWith(clientKey: string | null): Promise<number | null> {
  if (clientKey === null) return null;
  const [row] = await db().select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.clientKey, clientKey));
  return row?.id ?? null;
}

/** Stores the message and queues the team's mail, once per form key: a retry (or two at once) stores and mails one. */
export async function sendContactMessage(form: ContactForm, user: SessionUser | null, clientIp: string, clientKey: string | null = null): Promise<number> {
  await enforceRateLimits(["contact:ip", clientIp]);
  const id = await db().transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ name: form.name, email: form.email, message: form.message, userId: user?.id ?? null, clientKey })
      .onConflictDoNothing({ target: contactMessages.clientKey })
      .returning({ id: contactMessages.id });
    if (!row) return null;
    await queueMail(tx, contactMail(getEnv().TEAM_EMAIL, { ...form, id: row.id }));
    return row.id;
  });
  if (id !== null) return id;
  const first = await contactMessageMadeWith(clientKey);
  if (first === null) throw new AppError(409, "Sorry, that did not work. Please try again.");
  return first;
}

export interface ContactMessageView {
  id: number;
  name: string;
  email: string;
  message: string;
  read: boolean;
  createdAt: string;
}

const PAGE = 50;

/** The newest messages for the back office, and how many are unread. */
export async function contactMessageList(filter: "all" | "unread", page: number): Promise<{ messages: ContactMessageView[]; unread: number; total: number }> {
  const where = filter === "unread" ? isNull(contactMessages.readAt) : undefined;
  const [rows, [counts]] = await Promise.all([
    db()
      .select({ id: contactMessages.id, name: contactMessages.name, email: contactMessages.email, message: contactMessages.message, readAt: contactMessages.readAt, createdAt: contactMessages.createdAt })
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(PAGE)
      .offset((page - 1) * PAGE),
    db()
      .select({ unread: rawSql<number>`count(*) FILTER (WHERE ${contactMessages.readAt} IS NULL)::int`, total: rawSql<number>`count(*)::int` })
      .from(contactMessages),
  ]);
  return {
    messages: rows.map((row) => ({ id: row.id, name: row.name, email: row.email, message: row.message, read: row.readAt !== null, createdAt: row.createdAt.toISOString() })),
    unread: counts.unread,
    total: counts.total,
  };
}

export async function contactMessage(id: number): Promise<ContactMessageView> {
  const [row] = await db().select().from(contactMessages).where(eq(contactMessages.id, id));
  const message = found(row, "Sorry, we couldn't find that message.");
  return { id: message.id, name: message.name, email: message.email, message: message.message, read: message.readAt !== null, createdAt: message.createdAt.toISOString() };
}

export async function markContactMessage(id: number, read: boolean): Promise<void> {
  const updated = await db()
    .update(contactMessages)
    .set({ readAt: read ? rawSql`COALESCE(${contactMessages.readAt}, now())` : null })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  found(updated[0], "Sorry, we couldn't find that message.");
}

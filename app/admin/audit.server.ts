// The audit log of the back office (docs/decisions/0051-audit-log.md): every administrator action is one
// row — who, what, which record, the record before and after (JSON), when. The dashboard shows the latest
// entries and each record's page shows its own.
import { and, desc, eq, sql as rawSql } from "drizzle-orm";
import { adminAuditLog, users } from "../../db/schema";
import type { Database } from "../../db/client";
import { db } from "../db.server";
import type { AuditEntryView } from "./types";

type Executor = Pick<Database, "insert" | "select">;

export type AuditRecordType = "listing" | "listing-version" | "review" | "user" | "road" | "points" | "treat" | "affiliate-link";

export interface AuditEntryInput {
  actorId: number;
  /** What was done, e.g. "listing.publish", "review.deny", "user.delete", "points.award". */
  action: string;
  recordType: AuditRecordType;
  recordId: string | number;
  before?: unknown;
  after?: unknown;
}

/** Writes one entry; pass the transaction of the change so the change and its entry commit together. */
export async function audit(entry: AuditEntryInput, executor: Executor = db()): Promise<void> {
  await executor.insert(adminAuditLog).values({
    actorId: entry.actorId,
    action: entry.action.slice(0, 80),
    recordType: entry.recordType,
    recordId: String(entry.recordId).slice(0, 80),
    before: entry.before === undefined ? null : (entry.before as object),
    after: entry.after === undefined ? null : (entry.after as object),
  });
}

export type { AuditEntryView } from "./types";

const columns = {
  id: adminAuditLog.id,
  actor: rawSql<string>`coalesce(${users.username}, ${users.email}, 'a former administrator')`,
  action: adminAuditLog.action,
  recordType: adminAuditLog.recordType,
  recordId: adminAuditLog.recordId,
  before: adminAuditLog.before,
  after: adminAuditLog.after,
  createdAt: adminAuditLog.createdAt,
};

function view(row: { id: number; actor: string; action: string; recordType: string; recordId: string; before: unknown; after: unknown; createdAt: Date }): AuditEntryView {
  return { id: row.id, actor: row.actor, action: row.action, recordType: row.recordType, recordId: row.recordId, before: row.before, after: row.after, at: row.createdAt.toISOString() };
}

/** The latest entries, newest first (the dashboard). */
export async function latestAuditEntries(limit = 10): Promise<AuditEntryView[]> {
  const rows = await db().select(columns).from(adminAuditLog).leftJoin(users, eq(users.id, adminAuditLog.actorId)).orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id)).limit(limit);
  return rows.map(view);
}

/** One record's entries, newest first (its page in the back office). */
export async function auditEntriesFor(recordType: AuditRecordType, recordId: string | number, limit = 20): Promise<AuditEntryView[]> {
  const rows = await db()
    .select(columns)
    .from(adminAuditLog)
    .leftJoin(users, eq(users.id, adminAuditLog.actorId))
    .where(and(eq(adminAuditLog.recordType, recordType), eq(adminAuditLog.recordId, String(recordId))))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(limit);
  return rows.map(view);
}

// Test members for the payment suites: each made with a unique email under `prefix`, and removed at the end
// with the mails queued for them.
import type { SessionUser } from "../../app/auth/guards.server";
import { sql } from "../../app/db.server";

export const QUEUE = process.env.JOB_QUEUE_SCHEMA ?? "graphile_worker";

export function paymentMembers(prefix: string) {
  const created: number[] = [];
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    tag,
    created,
    async member(): Promise<SessionUser> {
      const email = `${prefix}-${tag}-${created.length}@test.pawroute`;
      const [row] = await sql()<{ id: number }[]>`INSERT INTO users (email, email_verified, username) VALUES (${email}, true, ${`${prefix[0]}${tag}${created.length}`.slice(0, 15)}) RETURNING id`;
      created.push(row.id);
      return { id: row.id, email, username: null, emailVerified: true, isAdmin: false, hasPassword: true, sessionId: "test" };
    },
    async remove(): Promise<void> {
      await sql()`DELETE FROM ${sql()(QUEUE)}._private_jobs j USING ${sql()(QUEUE)}._private_tasks t WHERE t.id = j.task_id AND t.identifier = 'send-mail' AND j.payload->>'to' LIKE ${`${prefix}-${tag}-%`}`;
      if (created.length) await sql()`DELETE FROM users WHERE id = ANY(${created}::int[])`;
    },
  };
}

// Mail through the job queue: a send that fails is retried and not lost, plain-text and HTML bodies
// arrive over real SMTP, and the local mail catcher keeps what it receives. The queue lives in a
// schema of its own so no app server running on the test database picks these jobs up.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { runOnce } from "graphile-worker";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caughtMail, users } from "../../db/schema";

import { requestPasswordReset } from "../../app/auth/password-reset.server";
import { closeDatabase, db } from "../../app/db.server";
import { enqueue, ensureJobQueue, jobLogger } from "../../app/jobs/queue.server";
import { tasks } from "../../app/jobs/worker.server";
import { startMailCatcher } from "../../app/mail/catcher.server";
import { queueMail } from "../../app/mail/send.server";
import { passwordResetMail } from "../../app/mail/templates.server";
import { closeMailTransport, configureMailTransport } from "../../app/mail/transport.server";

// The environment is read on first use (getEnv), after this line.
const SCHEMA = `graphile_worker_vitest_${process.pid}`;
process.env.JOB_QUEUE_SCHEMA = SCHEMA;

interface Received {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** An SMTP server for the test to receive mail on; it refuses the first `refuse` messages with a temporary error. */
async function smtpSink(refuse = 0) {
  const received: Received[] = [];
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (refused < refuse) {
          refused++;
          callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
          return;
        }
        void PostalMime.parse(Buffer.concat(chunks)).then((email) => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: email.subject ?? "", text: email.text ?? "", html: email.html ?? "" });
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const runJobs = () => runOnce({ connectionString: process.env.DATABASE_URL, schema: SCHEMA, taskList: tasks, logger: jobLogger });

async function jobs() {
  return db().execute<{ task_identifier: string; attempts: number; last_error: string | null }>(
    sql`SELECT task_identifier, attempts, last_error FROM ${sql.identifier(SCHEMA)}.jobs ORDER BY id`,
  );
}

beforeAll(async () => {
  await ensureJobQueue();
});

afterAll(async () => {
  closeMailTransport();
  await db().execute(sql`DROP SCHEMA IF EXISTS ${sql.identifier(SCHEMA)} CASCADE`);
  await closeDatabase();
});

describe("mail through the job queue", () => {
  it("retries a send that failed, and delivers plain text and HTML over SMTP", async () => {
    const to = `vitest-${randomUUID()}@e2e.pawroute.test`;
    const sink = await smtpSink(1);
    configureMailTransport(`smtp://127.0.0.1:${sink.port}`, { local: true });
    await db().transaction((tx) => queueMail(tx, passwordResetMail(to, "token-123")));
    await runJobs();
    const [failed] = await jobs();
    expect(failed).toMatchObject({ task_identifier: "send-mail", attempts: 1 });
    expect(failed.last_error).toMatch(/Mailbox busy/);
    expect(sink.received).toEqual([]);

    // The retry is scheduled with a back-off; bring it forward instead of waiting.
    await db().execute(sql`UPDATE ${sql.identifier(SCHEMA)}._private_jobs SET run_at = now()`);
    await runJobs();
    expect(await jobs()).toEqual([]);
    expect(sink.received).toHaveLength(1);
    const [mail] = sink.received;
    expect(mail).toMatchObject({ to: [to], subject: "Reset your Pawroute password" });
    expect(mail.text).toContain("http://localhost:");
    expect(mail.text).toContain("/account/login/reset?token=token-123");
    expect(mail.html).toContain('href="http://localhost:');
    await sink.close();
  });

  it("rolls a job back with the change that needed it", async () => {
    await expect(
      db().transaction(async (tx) => {
        await queueMail(tx, passwordResetMail("nobody@e2e.pawroute.test", "t"));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await jobs()).toEqual([]);
  });

  it("answers a forgotten-password request the same way for any address; only a known one gets a link", async () => {
    const [known] = await db()
      .insert(users)
      .values({ email: `vitest-${randomUUID()}@e2e.pawroute.test` })
      .returning({ id: users.id, email: users.email });
    const unknown = `vitest-${randomUUID()}@e2e.pawroute.test`;
    const sink = await smtpSink();
    configureMailTransport(`smtp://127.0.0.1:${sink.port}`, { local: true });
    await requestPasswordReset(known.email, { ip: `198.51.100.${Math.floor(Math.random() * 200)}`, userAgent: "vitest" });
    await requestPasswordReset(unknown, { ip: `198.51.100.${Math.floor(Math.random() * 200)}`, userAgent: "vitest" });
    await runJobs();
    await runJobs();
    expect(sink.received.map((mail) => mail.to[0])).toEqual([known.email]);
    await sink.close();
  });
});

describe("the local mail catcher", () => {
  it("receives mail over SMTP and keeps it in caught_mail", async () => {
    const catcher = await startMailCatcher(0, { logLinks: false });
    configureMailTransport(`smtp://127.0.0.1:${catcher.port}`, { local: true });
    const to = `vitest-${randomUUID()}@e2e.pawroute.test`;
    await enqueue(db(), "send-mail", passwordResetMail(to, "caught-token"));
    await runJobs();
    const [row] = await db().select().from(caughtMail).where(sql`${to} = ANY(${caughtMail.rcptTo})`);
    expect(row).toMatchObject({ subject: "Reset your Pawroute password", rcptTo: [to] });
    expect(row.text).toContain("caught-token");
    expect(row.html).toContain("<h1");
    await db().delete(caughtMail).where(eq(caughtMail.id, row.id));
    await catcher.close();
  });
});

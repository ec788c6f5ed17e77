// The PostgreSQL-backed job queue (graphile-worker). Jobs are added with SQL inside the caller's
// transaction, so a job exists exactly when the change that needs it was committed.
import { sql as rawSql } from "drizzle-orm";
import { Logger, runMigrations, type LogFunctionFactory } from "graphile-worker";
import type { Database } from "../../db/client";
import { getEnv } from "../env.server";
import type { MailMessage } from "../mail/message";

export interface JobPayloads {
  "send-mail": MailMessage;
  /** Looked up in the worker, so the forgotten-password answer takes the same time for any address. */
  "password-reset-request": { email: string };
  cleanup: Record<string, never>;
  /** Marks awarded Treats past their expiry date as expired (every ten minutes). */
  "expire-treats": Record<string, never>;
  /** Hourly: charges subscriptions due to renew automatically (app/payments/renewals.server.ts). */
  "renew-subscriptions": Record<string, never>;
}

export type JobName = keyof JobPayloads;

/** Anything that can run SQL: the pool's drizzle instance or a transaction. */
export type SqlExecutor = Pick<Database, "execute">;

/** Retries back off exponentially (graphile-worker: about exp(attempt) seconds); a job that fails them all stays in the table with its last error. */
export const MAIL_MAX_ATTEMPTS = 20;

/** Only warnings and errors reach the log; a failed job's error is logged once per attempt. */
const logFactory: LogFunctionFactory = (scope) => (level, message) => {
  if (level === "error") console.error(`[jobs${scope.taskIdentifier ? ` ${scope.taskIdentifier}` : ""}] ${message}`);
  else if (level === "warning") console.warn(`[jobs] ${message}`);
};
export const jobLogger = new Logger(logFactory);

const KEY = Symbol.for("pawroute.jobs.migrated");
type Holder = { [KEY]?: Map<string, Promise<void>> };

/** Installs or updates graphile-worker's own schema once per process and schema (it keeps its own migrations). */
export function ensureJobQueue(): Promise<void> {
  const { DATABASE_URL, JOB_QUEUE_SCHEMA } = getEnv();
  const migrated = ((globalThis as Holder)[KEY] ??= new Map());
  const key = `${JOB_QUEUE_SCHEMA}@${DATABASE_URL}`;
  let done = migrated.get(key);
  if (!done) {
    done = runMigrations({ connectionString: DATABASE_URL, schema: JOB_QUEUE_SCHEMA, logger: jobLogger }).catch((error: unknown) => {
      migrated.delete(key);
      throw error;
    });
    migrated.set(key, done);
  }
  return done;
}

/** Adds a job in the given transaction (or on its own). */
export async function enqueue<Name extends JobName>(executor: SqlExecutor, name: Name, payload: JobPayloads[Name], options: { maxAttempts?: number } = {}): Promise<void> {
  await ensureJobQueue();
  await executor.execute(
    rawSql`SELECT ${rawSql.identifier(getEnv().JOB_QUEUE_SCHEMA)}.add_job(${name}::text, ${JSON.stringify(payload)}::json, max_attempts => ${options.maxAttempts ?? MAIL_MAX_ATTEMPTS}::int)`,
  );
}

// The job worker runs inside the app's process (server.ts starts it): it sends mail and runs the
// hourly clean-up. Any number of app servers may run one; PostgreSQL hands each job to one worker.
import { run, type Runner, type TaskList } from "graphile-worker";
import { z } from "zod";
import { deleteOldTokens } from "../auth/account-tokens.server";
import { sendPasswordResetLink } from "../auth/password-reset.server";
import { deleteOldRateLimitBuckets } from "../auth/rate-limit.server";
import { deleteIdleSessions } from "../auth/session.server";
import { deleteExpiredCaptchas } from "../captcha/captcha.server";
import { getEnv } from "../env.server";
import { deleteAbandonedUploads } from "../uploads/files.server";
import { sendMailNow } from "../mail/transport.server";
import { expireTreats } from "../treats/awarded.server";
import { runRenewals } from "../payments/renewals.server";
import { ensureJobQueue, jobLogger } from "./queue.server";

const mailSchema = z.object({ to: z.string().min(3), subject: z.string(), text: z.string(), html: z.string() });
const resetRequestSchema = z.object({ email: z.string().min(3) });

export const tasks: TaskList = {
  "send-mail": async (payload) => {
    await sendMailNow(mailSchema.parse(payload));
  },
  "password-reset-request": async (payload) => {
    await sendPasswordResetLink(resetRequestSchema.parse(payload).email);
  },
  "renew-subscriptions": async () => {
    await runRenewals();
  },
  cleanup: async () => {
    await Promise.all([deleteIdleSessions(), deleteOldRateLimitBuckets(), deleteExpiredCaptchas(), deleteOldTokens(), deleteAbandonedUploads()]);
  },
  "expire-treats": async () => {
    await expireTreats();
  },
};

/** The first wait before starting a stopped worker again, and the longest. */
const RESTART_FIRST_MS = 1_000;
const RESTART_LONGEST_MS = 30_000;
/** A worker that ran this long before stopping starts again after the first wait, not a longer one. */
const RAN_LONG_ENOUGH_MS = 60_000;

export interface SupervisedWorker {
  /** Whether a worker is running now (false from its stop until the one started after it runs). */
  running(): boolean;
  /** Stops the worker for good (shutdown): no restart after this. */
  stop(): Promise<void>;
}

/**
 * Runs the job worker and keeps it running. graphile-worker's runner rejects its promise when it meets an
 * error it cannot handle, for example its batched fail of a job while the database is down (ECONNRESET in
 * batchFailJobs); unobserved, that rejection took the whole server down with it. Here it is logged and a
 * new worker is started, after 1 s, doubling up to 30 s while starts keep failing. Jobs are not lost: a job
 * whose outcome was not written stays locked in its table and graphile-worker runs it again later.
 * The first start's error is thrown, so a server that cannot start its worker says so at start-up.
 */
export async function superviseJobWorker(onStart: (runner: Runner) => void, start: () => Promise<Runner> = startJobWorker): Promise<SupervisedWorker> {
  let current: Runner | null = await start();
  let stopping = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wait = RESTART_FIRST_MS;

  const restartLater = (reason: string) => {
    current = null;
    if (stopping) return;
    jobLogger.error(`The job worker stopped (${reason}); starting it again in ${wait / 1000} s`);
    const delay = wait;
    // The next stop in a row waits twice as long, unless the worker started now runs long enough.
    wait = Math.min(wait * 2, RESTART_LONGEST_MS);
    timer = setTimeout(() => {
      timer = undefined;
      if (stopping) return;
      start().then(
        (runner) => {
          if (stopping) return void runner.stop().catch(() => undefined);
          watch(runner);
        },
        (error: unknown) => restartLater(`could not start: ${error instanceof Error ? error.message : String(error)}`),
      );
    }, delay);
    timer.unref?.();
  };

  const watch = (runner: Runner) => {
    current = runner;
    onStart(runner);
    const startedAt = Date.now();
    let over = false;
    const ended = (reason: string) => {
      if (over || stopping) return;
      over = true;
      if (Date.now() - startedAt >= RAN_LONG_ENOUGH_MS) wait = RESTART_FIRST_MS;
      restartLater(reason);
    };
    runner.promise.then(
      () => ended("it ended on its own"),
      (error: unknown) => ended(error instanceof Error ? error.message : String(error)),
    );
    // A pool that could not write a job's outcome shuts itself down, and its promise may not settle while the
    // database is away: it is given up at once (stopped in the background) and a new one started.
    runner.events?.on("pool:fatalError", ({ error }) => {
      ended(`could not write a job's outcome: ${error instanceof Error ? error.message : String(error)}`);
      runner.stop().catch(() => undefined);
    });
  };

  watch(current);
  return {
    running: () => current !== null,
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      await current?.stop().catch(() => undefined);
    },
  };
}

export async function startJobWorker(): Promise<Runner> {
  await ensureJobQueue();
  return run({
    connectionString: getEnv().DATABASE_URL,
    schema: getEnv().JOB_QUEUE_SCHEMA,
    concurrency: 2,
    maxPoolSize: 3,
    noHandleSignals: true,
    pollInterval: 2_000,
    logger: jobLogger,
    taskList: tasks,
    crontab: "17 * * * * cleanup\n*/10 * * * * expire-treats\n41 * * * * renew-subscriptions",
    // Outcomes are written through graphile-worker's batcher (delay 0: at once), whose failures reach an error
    // handler that shuts the pool down (and superviseJobWorker starts a new one). Without it (the default, -1)
    // a job's outcome is written by a promise nobody awaits: with the database down it rejected unhandled and
    // Node exited (graphile-worker 0.17.3, worker.js calls failJob()/completeJob() without a catch).
    preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
  });
}

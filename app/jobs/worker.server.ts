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
  });
}

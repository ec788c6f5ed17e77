import { enqueue, type SqlExecutor } from "../jobs/queue.server";
import type { MailMessage } from "./message";

/** Queues a mail in the caller's transaction: it is sent (and retried) by the worker after commit. */
export function queueMail(executor: SqlExecutor, message: MailMessage): Promise<void> {
  return enqueue(executor, "send-mail", message);
}

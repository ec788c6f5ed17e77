// Imported first by payments-webhooks.test.ts: its own job queue, so the mails it reads are its own. The
// environment is read on first use, and payment-members.ts reads the queue's name when it is imported.
export const SCHEMA = `graphile_worker_webhooks_${process.pid}`;
process.env.JOB_QUEUE_SCHEMA = SCHEMA;

// Prometheus metrics (prom-client): request latency per route id, the database pool, the job queue.
// Served by /metrics (app/ops/http.server.ts), which is not public by default.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Runner } from "graphile-worker";
import { POOL_APPLICATION_NAME, sql } from "../db.server";
import { getEnv } from "../env.server";

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: "pawroute_" });

const requestDuration = new Histogram({
  name: "pawroute_http_request_duration_seconds",
  help: "Time to answer a request, by Remix route id (static, unmatched for the rest)",
  labelNames: ["method", "route", "status"],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

const serverErrors = new Counter({
  name: "pawroute_http_server_errors_total",
  help: "Responses with a 5xx status, by status",
  labelNames: ["status"],
  registers: [metricsRegistry],
});

const databaseReachable = new Gauge({ name: "pawroute_db_reachable", help: "1 when the last readiness check reached PostgreSQL", registers: [metricsRegistry] });
new Gauge({
  name: "pawroute_db_pool_max_connections",
  help: "Connections the pool may open (DB_POOL_SIZE)",
  registers: [metricsRegistry],
  collect() {
    this.set(getEnv().DB_POOL_SIZE);
  },
});
const poolConnections = new Gauge({
  name: "pawroute_db_pool_connections",
  help: "This process's open pool connections by state (active, idle, in_transaction), as pg_stat_activity lists them; the scrape's own query is one active connection",
  labelNames: ["state"],
  registers: [metricsRegistry],
});
const databaseUnavailable = new Counter({ name: "pawroute_db_unavailable_total", help: "Requests answered 503 because PostgreSQL could not be reached", registers: [metricsRegistry] });

const queueDepth = new Gauge({ name: "pawroute_job_queue_depth", help: "Jobs waiting or running, by task", labelNames: ["task"], registers: [metricsRegistry] });
const queueFailed = new Gauge({ name: "pawroute_job_queue_failed", help: "Jobs that used up their attempts (kept with their last error), by task", labelNames: ["task"], registers: [metricsRegistry] });
const queueRetrying = new Gauge({ name: "pawroute_job_queue_retrying", help: "Jobs that failed at least once and will be tried again, by task", labelNames: ["task"], registers: [metricsRegistry] });

const jobsFinished = new Counter({
  name: "pawroute_jobs_total",
  help: "Jobs this process ran, by task and outcome (success; error: failed and will be retried; failed: used up its attempts)",
  labelNames: ["task", "outcome"],
  registers: [metricsRegistry],
});

/** Counts the worker's jobs as they finish (server.ts calls this once the worker runs). */
export function observeJobs(worker: Pick<Runner, "events">): void {
  worker.events.on("job:success", ({ job }) => jobsFinished.inc({ task: job.task_identifier, outcome: "success" }));
  worker.events.on("job:error", ({ job }) => {
    // job:failed follows when this was the last attempt.
    if (job.attempts < job.max_attempts) jobsFinished.inc({ task: job.task_identifier, outcome: "error" });
  });
  worker.events.on("job:failed", ({ job }) => jobsFinished.inc({ task: job.task_identifier, outcome: "failed" }));
}

export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  requestDuration.observe({ method, route, status: String(status) }, seconds);
  if (status >= 500) serverErrors.inc({ status: String(status) });
  if (status === 503) databaseUnavailable.inc();
}

export function setDatabaseReachable(reachable: boolean): void {
  databaseReachable.set(reachable ? 1 : 0);
}

/** Reads the pool's connections and the job queue's counts into the gauges (called before each scrape). */
export async function collectDatabaseGauges(): Promise<void> {
  await Promise.all([poolCounts(), jobQueueCounts()]);
}

async function poolCounts(): Promise<void> {
  try {
    const rows = await sql()<{ state: string; n: number }[]>`
      SELECT CASE WHEN state = 'active' THEN 'active' WHEN state = 'idle' THEN 'idle' ELSE 'in_transaction' END AS state, count(*)::int AS n
      FROM pg_stat_activity WHERE application_name = ${POOL_APPLICATION_NAME} AND backend_type = 'client backend' GROUP BY 1`;
    poolConnections.reset();
    for (const state of ["active", "idle", "in_transaction"]) poolConnections.set({ state }, rows.find((row) => row.state === state)?.n ?? 0);
  } catch {
    poolConnections.reset();
  }
}

async function jobQueueCounts(): Promise<void> {
  const schema = getEnv().JOB_QUEUE_SCHEMA;
  try {
    const rows = await sql()<{ task: string; waiting: number; failed: number; retrying: number }[]>`
      SELECT task_identifier AS task,
             count(*) FILTER (WHERE attempts < max_attempts)::int AS waiting,
             count(*) FILTER (WHERE attempts >= max_attempts)::int AS failed,
             count(*) FILTER (WHERE attempts > 0 AND attempts < max_attempts)::int AS retrying
      FROM ${sql()(schema)}.jobs GROUP BY task_identifier`;
    queueDepth.reset();
    queueFailed.reset();
    queueRetrying.reset();
    for (const row of rows) {
      queueDepth.set({ task: row.task }, row.waiting);
      queueFailed.set({ task: row.task }, row.failed);
      queueRetrying.set({ task: row.task }, row.retrying);
    }
    setDatabaseReachable(true);
  } catch {
    setDatabaseReachable(false);
  }
}

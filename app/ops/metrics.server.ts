// Prometheus metrics (prom-client): request latency per route id, the database pool, the job queue.
// Served by /metrics (app/ops/http.server.ts), which is not public by default. Under the cluster every
// worker's figures are gathered by the primary (./cluster-metrics.server.ts, decision 0256): the site's
// counts (requests, errors, jobs) are summed over the workers; each process's own figures (memory,
// CPU, event loop, its pool) carry a `worker` label; the queue's counts, read from the database by
// every worker alike, are taken once (max).
import cluster from "node:cluster";
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Runner } from "graphile-worker";
import { sql } from "drizzle-orm";
import { db, POOL_APPLICATION_NAME } from "../db.server";
import { getEnv } from "../env.server";
import { aggregatedContentType, askPrimaryForMetrics } from "./cluster-metrics.server";

/** The site's counts: summed over the workers. */
export const metricsRegistry = new Registry();
/** This process's own figures, one series per worker (`worker`: the cluster's worker id; 0 without a cluster). */
const processRegistry = new Registry();
processRegistry.setDefaultLabels({ worker: String(cluster.worker?.id ?? 0) });
collectDefaultMetrics({ register: processRegistry, prefix: "pawroute_" });

if (cluster.isWorker) {
  // Answer the primary's requests for this worker's registries (prom-client listens once one exists).
  AggregatorRegistry.setRegistries([metricsRegistry, processRegistry]);
  new AggregatorRegistry();
}

/** The text /metrics answers: the whole cluster's under the cluster, else this process's. */
export async function metricsText(): Promise<{ body: string; contentType: string }> {
  if (cluster.isWorker) return { body: await askPrimaryForMetrics(), contentType: aggregatedContentType };
  const [site, own] = await Promise.all([metricsRegistry.metrics(), processRegistry.metrics()]);
  return { body: `${site}\n${own}`, contentType: metricsRegistry.contentType };
}

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

const databaseReachable = new Gauge({
  name: "pawroute_db_reachable",
  help: "1 when the last check of every worker reached PostgreSQL",
  aggregator: "min",
  registers: [metricsRegistry],
});
new Gauge({
  name: "pawroute_db_pool_max_connections",
  help: "Connections the worker's pool may open (DB_POOL_SIZE)",
  registers: [processRegistry],
  collect() {
    this.set(getEnv().DB_POOL_SIZE);
  },
});
const poolConnections = new Gauge({
  name: "pawroute_db_pool_connections",
  help: "The worker's open pool connections by state (active, idle, in_transaction), as pg_stat_activity lists them; the scrape's own query is one active connection",
  labelNames: ["state"],
  registers: [processRegistry],
  async collect() {
    await poolCounts();
  },
});
const databaseUnavailable = new Counter({ name: "pawroute_db_unavailable_total", help: "Requests answered 503 because PostgreSQL could not be reached", registers: [metricsRegistry] });

// The queue's three gauges are read by one query, made by whichever of them is collected first in a scrape.
let queueRead: Promise<void> | undefined;
function readQueueOnce(): Promise<void> {
  queueRead ??= jobQueueCounts().finally(() => setTimeout(() => (queueRead = undefined), 250));
  return queueRead;
}
const queueGauge = (name: string, help: string) =>
  new Gauge({ name, help, labelNames: ["task"], aggregator: "max", registers: [metricsRegistry], collect: readQueueOnce });
const queueDepth = queueGauge("pawroute_job_queue_depth", "Jobs waiting or running, by task");
const queueFailed = queueGauge("pawroute_job_queue_failed", "Jobs that used up their attempts (kept with their last error), by task");
const queueRetrying = queueGauge("pawroute_job_queue_retrying", "Jobs that failed at least once and will be tried again, by task");

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

async function poolCounts(): Promise<void> {
  try {
    const rows = await db().execute<{ state: string; n: number }>(sql`
      SELECT CASE WHEN state = 'active' THEN 'active' WHEN state = 'idle' THEN 'idle' ELSE 'in_transaction' END AS state, count(*)::int AS n
      FROM pg_stat_activity WHERE application_name = ${POOL_APPLICATION_NAME} AND backend_type = 'client backend' GROUP BY 1`);
    poolConnections.reset();
    for (const state of ["active", "idle", "in_transaction"]) poolConnections.set({ state }, rows.find((row) => row.state === state)?.n ?? 0);
  } catch {
    poolConnections.reset();
  }
}

async function jobQueueCounts(): Promise<void> {
  const schema = getEnv().JOB_QUEUE_SCHEMA;
  try {
    const rows = await db().execute<{ task: string; waiting: number; failed: number; retrying: number }>(sql`
      SELECT task_identifier AS task,
             count(*) FILTER (WHERE attempts < max_attempts)::int AS waiting,
             count(*) FILTER (WHERE attempts >= max_attempts)::int AS failed,
             count(*) FILTER (WHERE attempts > 0 AND attempts < max_attempts)::int AS retrying
      FROM ${sql.identifier(schema)}.jobs GROUP BY task_identifier`);
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

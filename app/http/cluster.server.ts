import cluster, { type Worker } from "node:cluster";
import { availableParallelism } from "node:os";
import { serveClusterMetrics } from "../ops/cluster-metrics.server";

const STOP_TIMEOUT_MS = 20_000;

/**
 * V8 flags each worker gets unless the command line or NODE_OPTIONS sets its own.
 *
 * Heap limits (decision 0186): with the default limit of several GB, V8 lets a busy worker's old space
 * grow to several times what is live; with a limit of a few hundred MB it grows by less, and a smaller
 * young generation holds less garbage. The limit is about four times the largest live heap measured.
 *
 * One garbage-collector thread (decision 0207): there is one worker per core, so a worker's parallel
 * and concurrent GC threads only compete with the other workers and PostgreSQL for the same cores.
 * Collecting on the worker's own thread costs less than those threads did, and the cluster served more
 * rendered pages a second. A single-threaded collector lets the heap grow further, so the old space's
 * limit went from 512 to 384 MB, which keeps the peak under issue 17's 400 MB budget.
 *
 * 4 MB semi-spaces, not 8 (decision 0214): the young generation was a large share of a busy worker's
 * heap; halving it lowered the cluster's peak for a little more of the app's CPU a page.
 */
export const WORKER_V8_FLAGS = ["--max-old-space-size=384", "--max-semi-space-size=4", "--single-threaded-gc"] as const;

/** A flag's name, as V8 reads it: `--no-foo` and `--foo=1` name `--foo`; `_` and `-` are the same. */
function flagName(flag: string): string {
  return flag.split("=")[0].replaceAll("_", "-").replace(/^--no-/, "--");
}

/** The workers' Node flags: the primary's own, plus each of WORKER_V8_FLAGS not already given (or negated). */
export function workerExecArgv(execArgv: readonly string[], nodeOptions = ""): string[] {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)].map(flagName);
  return [...execArgv, ...WORKER_V8_FLAGS.filter((flag) => !given.includes(flagName(flag)))];
}

/**
 * The environment each worker gets besides the primary's: at most two glibc malloc arenas (decision
 * 0211), unless MALLOC_ARENA_MAX is set. The libuv threads that compress responses each got an arena of
 * their own, which kept the memory freed by Brotli's encoders; two arenas lower the peak at the same
 * pages a second.
 */
export function workerEnv(env: Record<string, string | undefined> = process.env): Record<string, string> {
  return env.MALLOC_ARENA_MAX ? {} : { MALLOC_ARENA_MAX: "2" };
}

/** WEB_CONCURRENCY: how many workers; by default one per core. */
export function workerCount(value = process.env.WEB_CONCURRENCY): number {
  const n = value === undefined || value === "" ? availableParallelism() : Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error(`WEB_CONCURRENCY must be a whole number from 1 to 64 (got "${value}")`);
  return n;
}

/**
 * One worker per core (Node's cluster module): the primary forks the workers, each of which runs
 * `worker()` (the HTTP server, listening on the shared port), and restarts a worker that dies.
 * SIGTERM or SIGINT reaches every worker as SIGTERM, so each shuts down gracefully (closes its
 * server and pool); the primary exits when they have, or after 20 s. A worker that exits with an
 * error before it listened (bad configuration, no database, port in use) stops the whole server.
 */
export async function runCluster(worker: () => Promise<unknown>): Promise<void> {
  if (!cluster.isPrimary) {
    await worker();
    return;
  }
  let count: number;
  try {
    count = workerCount();
  } catch (error) {
    process.stderr.write(`\u001b[31m✖ ${error instanceof Error ? error.message : String(error)}\u001b[0m\n`);
    process.exit(1);
  }
  /** Live workers, and whether each has started listening. */
  const started = new Map<Worker, boolean>();
  let stopping = false;
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, process.env.NODE_OPTIONS) });
  // A worker's /metrics asks here for every worker's figures (decision 0256).
  serveClusterMetrics();
  const fork = () => started.set(cluster.fork(workerEnv()), false);
  // Started means listening on the HTTP port (server.ts's mail catcher listens first, on another).
  const httpPort = Number(process.env.PORT || 3000);
  cluster.on("listening", (worker, address) => {
    if (address.port === httpPort) started.set(worker, true);
  });
  for (let i = 0; i < count; i++) fork();
  console.log(`Pawroute: ${count} worker${count === 1 ? "" : "s"} (WEB_CONCURRENCY)`);

  cluster.on("exit", (dead, code, signal) => {
    const listened = started.get(dead) ?? false;
    started.delete(dead);
    if (stopping) {
      if (started.size === 0) process.exit(0);
      return;
    }
    if (code !== 0 && !listened) {
      stopping = true;
      for (const other of started.keys()) other.process.kill("SIGTERM");
      process.exit(code ?? 1);
    }
    console.error(`A worker stopped (${signal ?? `exit code ${code}`}); starting another.`);
    fork();
  });

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping ${started.size} worker${started.size === 1 ? "" : "s"}…`);
    for (const alive of started.keys()) alive.process.kill("SIGTERM");
    setTimeout(() => process.exit(1), STOP_TIMEOUT_MS).unref();
    if (started.size === 0) process.exit(0);
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

// The production server, started by a benchmark on a free port against a given database.
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { availableParallelism, loadavg } from "node:os";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The environment the app runs with in a benchmark: the production build against `databaseUrl`. */
export function appEnv(databaseUrl: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    COOKIE_SECURE: "false",
    MAIL_CATCHER_PORT: "0",
    // Benchmarks speak for many visitors through X-Forwarded-For (as a proxy in front would).
    TRUST_PROXY: "true",
    SESSION_SECRET: process.env.SESSION_SECRET ?? "bench-only-session-secret-0123456789abcdef",
  };
}

/**
 * Starts `server.ts` as one process (so its RSS is the app's), or `cluster.ts` (one worker per
 * core, as npm start runs it), and waits for /healthz.
 */
export async function startServer(port: number, databaseUrl: string, entry: "server.ts" | "cluster.ts" = "server.ts", extraEnv: Record<string, string> = {}): Promise<{ base: string; pid: number; stop: () => void }> {
  const child = spawn(process.execPath, [`build/entry/${entry.replace(/\.ts$/, ".js")}`], {
    env: { ...appEnv(databaseUrl), PORT: String(port), ...extraEnv },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, pid: child.pid ?? 0, stop: () => child.kill("SIGTERM") };
    } catch {
      // The server is not listening yet: wait and try again.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGTERM");
  throw new Error("the server did not answer /healthz within 30 s");
}

/** CPU seconds (user + system) a process has used so far, from /proc; 0 once it has exited. */
export function processCpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * A process and its children (a cluster's primary and workers), read from /proc rather than by running
 * pgrep: the memory sampler asks five times a second, and the benchmark's own CPU is measured too.
 */
export function processTree(pid: number): number[] {
  const children: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      children.push(...readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number));
    }
  } catch {
    // The process has exited.
  }
  return [pid, ...children];
}

/** CPU seconds used by a server and its cluster workers. */
export function cpuSeconds(pid: number): number {
  return processTree(pid).reduce((total, p) => total + processCpuSeconds(p), 0);
}

/** Resident memory (kB) of a server and its cluster workers. */
export function residentKb(pid: number): number {
  let total = 0;
  for (const p of processTree(pid)) {
    try {
      total += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // A worker that just exited.
    }
  }
  return total;
}

/**
 * Memory (kB) of a server and its cluster workers with the pages they share counted once: each process's
 * private pages, plus the largest set of shared pages of any one of them (the `node` binary's code and
 * the libraries, which every process of the tree maps alike). The sum of RSS counts those shared pages
 * once per process (decision 0359). PSS would divide them with every other process mapping them (this
 * benchmark's own node too), so it would count less than once. Reading smaps_rollup walks a process's
 * page tables: sample it less often than RSS.
 */
export function sharedOnceKb(pid: number): number {
  let privateKb = 0;
  let sharedKb = 0;
  for (const p of processTree(pid)) {
    try {
      const rollup = readFileSync(`/proc/${p}/smaps_rollup`, "utf8");
      const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(rollup)?.[1] ?? 0);
      privateKb += field("Private_Clean") + field("Private_Dirty");
      sharedKb = Math.max(sharedKb, field("Shared_Clean") + field("Shared_Dirty"));
    } catch {
      // A worker that just exited.
    }
  }
  return privateKb + sharedKb;
}

/** CPU seconds used by every PostgreSQL process on the machine (the cluster's backends and helpers). */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, "utf8").startsWith("postgres")) total += processCpuSeconds(Number(entry));
    } catch {
      // A process that just exited.
    }
  }
  return total;
}

/** The cores' clock ticks so far, all and stolen: time the hypervisor ran other machines while this one had work (/proc/stat). */
export function cpuTicks(): { total: number; steal: number } {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest and guest_nice are counted in user and nice).
  return { total: fields.slice(0, 8).reduce((sum, n) => sum + n, 0), steal: fields[7] ?? 0 };
}

/**
 * The share of the cores' time since `since` that the hypervisor gave to other machines: on a shared
 * virtual machine every figure of a run with a high share is slower, with the same code.
 */
function stealShare(since: { total: number; steal: number }): string {
  const now = cpuTicks();
  const total = now.total - since.total;
  return `${total > 0 ? (((now.steal - since.steal) / total) * 100).toFixed(1) : "0.0"} % of the cores' time taken by other machines (steal)`;
}

/**
 * The machine beside a benchmark's figures: its cores and load average (the benchmark shares it with
 * whatever else runs) and, given the ticks at the run's start, the host's steal since then.
 */
export function machineLine(when: string, since?: { total: number; steal: number }): string {
  const [one, five, fifteen] = loadavg().map((n) => n.toFixed(2));
  const steal = since ? `; since the start, ${stealShare(since)}` : "";
  return `Machine ${when}: ${availableParallelism()} cores, load average ${one} / ${five} / ${fifteen} (1 / 5 / 15 min)${steal}`;
}

/** BENCH_WARMUP_SECONDS (30 unless set): how long a freshly started server is driven before it is measured. */
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 30);

/**
 * Drives a freshly started server for WARMUP_SECONDS, unmeasured: each worker's JIT compiles the hot
 * code under load for its first half minute or so, and the figures that follow are the steady state a
 * running server gives (decisions 0197, 0209). Measured on the cluster, 16 connections, 5 s every 8 s
 * from the start: the location results page cost the workers 11.5 ms of CPU a page 3–8 s after the
 * start, 9–11 ms up to 40 s, then 6.8–10 ms (median 8.5); the JSON API 4.6, then 3.1–3.2, then 2.7–3.0
 * ms an answer. Requests come from addresses of their own (10.8.x.x), so the measured visitors' rate
 * limits are untouched.
 */
export async function warmUp(base: string, nextPath: () => string, seconds = WARMUP_SECONDS): Promise<void> {
  if (!(seconds > 0)) return;
  let k = 0;
  await autocannon({
    url: base,
    connections: 8,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => {
          const visitor = k++ % 2_000;
          return { ...request, path: nextPath(), headers: { ...request.headers, "X-Forwarded-For": `10.8.${visitor >> 8}.${visitor & 255}` } };
        },
      },
    ],
  });
}

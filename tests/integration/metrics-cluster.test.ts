import { spawn, type ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../bench/server";
import { clusterFixture } from "../support/bundle-fixture";

// /metrics under the cluster (decision 0256): whichever worker takes the scrape, it answers for the
// whole cluster, so the request counts are the requests made and never go back between scrapes.
let child: ChildProcess | undefined;
afterEach(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
});

async function start(env: Record<string, string>): Promise<string> {
  const port = await freePort();
  // The fixture bundled, run with node alone (no tsx in the primary or the workers).
  child = spawn(process.execPath, [await clusterFixture("metrics-entry")], {
    env: { ...process.env, SESSION_SECRET: process.env.SESSION_SECRET ?? "a-test-session-secret-of-at-least-32-characters", PORT: String(port), ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${base}/healthz`, { headers: { Connection: "close" } })).ok) return base;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the cluster did not start");
}

/** The value of one series in Prometheus's text format (0 when absent). */
function series(text: string, name: string, labels: string): number {
  const line = text.split("\n").find((row) => row.startsWith(`${name}{`) && labels.split(",").every((label) => row.includes(label)));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

async function scrape(base: string): Promise<string> {
  const response = await fetch(`${base}/metrics`, { headers: { Connection: "close" } });
  expect(response.status).toBe(200);
  return response.text();
}

const COUNT = "pawroute_http_request_duration_seconds_count";

/**
 * At least `requests` requests, and more until `workers` distinct workers have answered (a worker still
 * starting on a busy machine answers none of the first ones): the count is returned with the scrapes.
 */
async function tenScrapesAfter(base: string, requests: number, workers = 1) {
  const pids = new Set<string>();
  let made = 0;
  while ((made < requests || pids.size < workers) && made < 2_000) {
    pids.add(await (await fetch(`${base}/hello`, { headers: { Connection: "close" } })).text());
    made += 1;
  }
  const scrapes: { hello: number; metrics: number; text: string }[] = [];
  for (let i = 0; i < 10; i++) {
    const text = await scrape(base);
    scrapes.push({ hello: series(text, COUNT, 'route="static",status="200"'), metrics: series(text, COUNT, 'route="/metrics"'), text });
  }
  return { pids, scrapes, made };
}

describe("/metrics", () => {
  it("answers for every worker of the cluster: ten scrapes count the requests made, and each scrape the ones before it", async () => {
    const base = await start({ WEB_CONCURRENCY: "2" });
    const { pids, scrapes, made } = await tenScrapesAfter(base, 24, 2);
    // The requests were shared by both workers, so one worker's counts alone could not add up.
    expect(pids.size).toBe(2);
    expect(scrapes.map((s) => s.hello)).toEqual(Array(10).fill(made));
    expect(scrapes.map((s) => s.metrics)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // Each process's own figures keep one series per worker.
    const heap = scrapes[9].text.split("\n").filter((row) => row.startsWith("pawroute_nodejs_heap_size_used_bytes{"));
    expect(new Set(heap.map((row) => /worker="(\d+)"/.exec(row)?.[1])).size).toBe(2);
    expect(scrapes[9].text).toMatch(/pawroute_db_pool_connections\{state="idle",worker="\d+"\}/);
  });

  it("answers for the one process without the cluster", async () => {
    const base = await start({ METRICS_SINGLE: "1" });
    const { scrapes } = await tenScrapesAfter(base, 5);
    expect(scrapes.map((s) => s.hello)).toEqual(Array(10).fill(5));
    expect(scrapes.map((s) => s.metrics)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(scrapes[9].text).toMatch(/pawroute_nodejs_heap_size_used_bytes\{worker="0"\}/);
  });
});

import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { workerCount, workerEnv, workerExecArgv } from "../../app/http/cluster.server";
import { freePort } from "../bench/server";
import { clusterFixture } from "../support/bundle-fixture";

// The cluster entry's behaviour, with tiny HTTP workers standing in for server.ts: one worker per
// WEB_CONCURRENCY sharing one port, a dead worker replaced, graceful stop on SIGTERM.
let child: ChildProcess | undefined;
afterAll(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
});

/**
 * One request, given up after 10 s. A connection the primary hands to a worker that is exiting (right
 * after /crash) can be left unanswered and never closed: without a bound, fetch waits for its own
 * 300 s header timeout and the test hangs (seen on a loaded machine). waitFor then asks again.
 */
async function get(base: string, path = "/"): Promise<string> {
  const response = await fetch(`${base}${path}`, { headers: { Connection: "close" }, signal: AbortSignal.timeout(10_000) });
  return response.text();
}

async function waitFor<T>(fn: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  let last: T | undefined;
  for (let i = 0; i < 100; i++) {
    try {
      last = await fn();
      if (ok(last)) return last;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting (last: ${String(last)})`);
}

describe("cluster entry", () => {
  it("reads WEB_CONCURRENCY and refuses nonsense", () => {
    expect(workerCount("3")).toBe(3);
    expect(workerCount(undefined)).toBeGreaterThanOrEqual(1);
    expect(() => workerCount("0")).toThrow(/WEB_CONCURRENCY/);
    expect(() => workerCount("two")).toThrow(/WEB_CONCURRENCY/);
  });

  it("gives the workers the V8 flags, except those the command line or NODE_OPTIONS already sets or negates", () => {
    expect(workerExecArgv(["--import", "tsx"])).toEqual(["--import", "tsx", "--max-old-space-size=384", "--max-semi-space-size=4", "--single-threaded-gc"]);
    expect(workerExecArgv(["--max_old_space_size=1024"])).toEqual(["--max_old_space_size=1024", "--max-semi-space-size=4", "--single-threaded-gc"]);
    expect(workerExecArgv([], "--enable-source-maps --max-semi-space-size=32")).toEqual(["--max-old-space-size=384", "--single-threaded-gc"]);
    expect(workerExecArgv(["--no-single-threaded-gc"])).toEqual(["--no-single-threaded-gc", "--max-old-space-size=384", "--max-semi-space-size=4"]);
  });

  it("gives the workers two malloc arenas unless the environment sets its own number", () => {
    expect(workerEnv({})).toEqual({ MALLOC_ARENA_MAX: "2" });
    expect(workerEnv({ MALLOC_ARENA_MAX: "8" })).toEqual({});
  });

  it("runs one worker per WEB_CONCURRENCY on one port, replaces a dead one and stops gracefully", async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // The fixture bundled, run with node alone as `npm start` runs the app (no tsx in the primary or the workers).
    child = spawn(process.execPath, [await clusterFixture("entry")], {
      env: { ...process.env, PORT: String(port), WEB_CONCURRENCY: "2" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const pids = new Set<string>();
    await waitFor(
      async () => {
        pids.add(await get(base));
        return pids.size;
      },
      (n) => n >= 2,
    );
    expect(pids.size).toBe(2);
    expect(pids.has(String(child.pid))).toBe(false);
    // Each worker runs with a 384 MB old space (the limit counts the young generation too), not Node's
    // default of several GB.
    const limit = Number(await get(base, "/heap")) / 2 ** 20;
    expect(limit).toBeGreaterThanOrEqual(384);
    expect(limit).toBeLessThan(432);
    // …and collects its garbage on its own thread (decision 0207).
    expect((await get(base, "/flags")).split(" ")).toContain("--single-threaded-gc");
    // …with at most two malloc arenas (decision 0211).
    expect(await get(base, "/arenas")).toBe("2");

    // A worker that dies after its start-up is replaced: two workers again, one of them new.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await get(base, "/crash");
    const after = new Set<string>();
    await waitFor(
      async () => {
        after.add(await get(base));
        return [...after].filter((pid) => !pids.has(pid)).length;
      },
      (n) => n >= 1,
    );

    // SIGTERM: a request in flight still gets its answer, then the whole cluster exits 0.
    const slow = get(base, "/slow");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const exited = new Promise<number | null>((resolve) => child?.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(Number(await slow)).toBeGreaterThan(0);
    expect(await exited).toBe(0);
  });
});

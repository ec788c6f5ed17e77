// The job worker's supervisor (app/jobs/worker.server.ts): a worker whose runner rejects (graphile-worker's
// batched fail while the database is down) is started again instead of taking the server down with an
// unhandled rejection. The runners here are the supervisor's input, made by hand so each can be failed on
// cue; tests/resilience/database-restart.ts does the same with the real worker and a real outage.
import { EventEmitter } from "node:events";
import type { Runner } from "graphile-worker";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { superviseJobWorker } from "../../app/jobs/worker.server";

interface Handle {
  runner: Runner;
  fail(error: Error): void;
  events: EventEmitter;
  stopped: boolean;
}

function handle(): Handle {
  let reject!: (error: Error) => void;
  let resolve!: () => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  const events = new EventEmitter();
  const h: Handle = {
    stopped: false,
    events,
    fail: (error) => reject(error),
    runner: {
      promise,
      events,
      stop: async () => {
        h.stopped = true;
        resolve();
      },
    } as unknown as Runner,
  };
  return h;
}

describe("superviseJobWorker", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("starts a new worker after one rejects, and says it is not running in between", async () => {
    const made: Handle[] = [];
    const started: Runner[] = [];
    const start = async () => {
      const h = handle();
      made.push(h);
      return h.runner;
    };
    const worker = await superviseJobWorker((runner) => started.push(runner), start);
    expect(worker.running()).toBe(true);
    expect(started).toEqual([made[0].runner]);

    made[0].fail(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }));
    await vi.advanceTimersByTimeAsync(0);
    expect(worker.running()).toBe(false);
    expect(made).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(1_000);
    expect(made).toHaveLength(2);
    expect(worker.running()).toBe(true);
    expect(started).toEqual([made[0].runner, made[1].runner]);
    expect(vi.mocked(console.error).mock.calls.flat().join(" ")).toContain("read ECONNRESET");

    await worker.stop();
    expect(made[1].stopped).toBe(true);
  });

  it("waits longer while starts keep failing, and starts nothing after stop()", async () => {
    let attempts = 0;
    const first = handle();
    const start = async () => {
      attempts += 1;
      if (attempts === 1) return first.runner;
      throw new Error("connect ECONNREFUSED");
    };
    const worker = await superviseJobWorker(() => undefined, start);
    first.fail(new Error("terminating connection due to administrator command"));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(attempts).toBe(2);
    // The second start failed: the next try is 2 s later, not 1.
    await vi.advanceTimersByTimeAsync(1_500);
    expect(attempts).toBe(2);
    await vi.advanceTimersByTimeAsync(600);
    expect(attempts).toBe(3);

    await worker.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts).toBe(3);
    expect(worker.running()).toBe(false);
  });

  it("gives up a pool that reports a fatal error even though its promise never settles", async () => {
    const made: Handle[] = [];
    const start = async () => {
      const h = handle();
      made.push(h);
      return h.runner;
    };
    const worker = await superviseJobWorker(() => undefined, start);
    // graphile-worker's batcher could not write an outcome: the pool shuts down, its promise still pending.
    made[0].events.emit("pool:fatalError", { error: new Error("connect ECONNREFUSED 127.0.0.1:55432") });
    expect(worker.running()).toBe(false);
    expect(made[0].stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(made).toHaveLength(2);
    expect(worker.running()).toBe(true);
    // Its promise settling later starts nothing more.
    made[0].fail(new Error("late"));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(made).toHaveLength(2);
    await worker.stop();
  });

  it("throws the first start's error, so a server that cannot start its worker says so", async () => {
    await expect(superviseJobWorker(() => undefined, async () => Promise.reject(new Error("no database")))).rejects.toThrow("no database");
  });
});

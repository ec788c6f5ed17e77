// The JSON API's per-address limit without a database round trip per request (decision 0204).
// Each process counts its hits in memory and adds them to the shared window once a second, in one
// statement for every address: the same rows (rate_limit_buckets) and the same sliding window as
// hit() in rate-limit.server.ts. That statement answers each address's shared count, and a request is
// judged on the shared count as of the last flush plus this process's hits not yet in it. So one
// process alone is exact, and an address can get at most a second's worth of the other processes'
// requests past the limit. It is never refused below the limit.
import { addHits, RATE_LIMITS, secondsToWait, type RateLimitName } from "./rate-limit.server";

/** How often a process adds its hits to the shared window. */
export const FLUSH_MS = 1_000;

interface Shared {
  hits: number;
  previousHits: number;
  /** When the current window started, on this process's clock (ms). */
  startedAt: number;
}

export class BatchedLimit {
  private pending = new Map<string, number>();
  /** The hits of the flush on its way: still this process's own until the database has them. */
  private inFlight = new Map<string, number>();
  private readonly shared = new Map<string, Shared>();
  private timer: NodeJS.Timeout | undefined;
  /** The last flush: a flush waits for the one before it, so only one batch is ever in flight. */
  private flushing: Promise<void> = Promise.resolve();
  private readonly max: number;
  private readonly windowSeconds: number;

  constructor(
    private readonly name: RateLimitName,
    private readonly flushMs = FLUSH_MS,
  ) {
    ({ max: this.max, windowSeconds: this.windowSeconds } = RATE_LIMITS[name]);
  }

  /** Counts one hit; answers the seconds to wait when over the limit (0 when allowed). Never waits for the database. */
  hit(subject: string, now = Date.now()): number {
    const key = `${this.name}:${subject}`;
    const pending = (this.pending.get(key) ?? 0) + 1;
    this.pending.set(key, pending);
    const mine = pending + (this.inFlight.get(key) ?? 0);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      // The database unreachable: these hits go uncounted, and the route itself answers 503.
      this.flush().catch(() => undefined);
    }, this.flushMs).unref();
    const known = this.shared.get(key);
    if (!known) return secondsToWait(mine, 0, 0, this.max, this.windowSeconds);
    // The window may have moved on since the last flush: move it as the database will.
    let elapsed = (now - known.startedAt) / 1000;
    let hits = known.hits;
    let previous = known.previousHits;
    if (elapsed >= 2 * this.windowSeconds) {
      [hits, previous, elapsed] = [0, 0, 0];
    } else if (elapsed >= this.windowSeconds) {
      [hits, previous, elapsed] = [0, hits, elapsed - this.windowSeconds];
    }
    return secondsToWait(hits + mine, previous, elapsed, this.max, this.windowSeconds);
  }

  /**
   * Adds this process's hits to the shared window and learns each address's shared count. With the
   * database slower than the timer, a flush starts when the one before it has ended: a second batch
   * in flight would otherwise drop the first's hits from this process's count when the first ended.
   */
  flush(): Promise<void> {
    this.flushing = this.flushing.catch(() => undefined).then(() => this.flushPending());
    return this.flushing;
  }

  private async flushPending(): Promise<void> {
    if (!this.pending.size) return;
    const batch = this.pending;
    this.inFlight = batch;
    this.pending = new Map();
    const w = this.windowSeconds;
    const rows = await addHits([...batch.keys()], [...batch.values()], w).finally(() => {
      this.inFlight = new Map();
    });
    const now = Date.now();
    for (const row of rows) {
      // This process's hits are in the shared count now: the estimate no longer adds them.
      this.shared.set(row.key, { hits: row.hits, previousHits: row.previous_hits, startedAt: now - row.elapsed * 1000 });
    }
    // Addresses quiet for two windows count nothing any more: forget them.
    for (const [key, known] of this.shared) {
      if (now - known.startedAt >= 2 * w * 1000 && !this.pending.has(key)) this.shared.delete(key);
    }
  }
}

/** The JSON API's limit for this process (ops/http.server.ts counts every /api request). */
export const apiLimit = new BatchedLimit("api:ip");

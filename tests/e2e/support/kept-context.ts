// A browser context kept for the worker's next test with the same options (decision 0349).
//
// A new context per test costs its first page a cold start: a new renderer process, and every script fetched
// and compiled again (~0.2 CPU-s a test on the 2-core machine, ~580 tests). A kept context, with the browser
// started with --renderer-process-limit=1 (playwright.config.ts), reuses its renderer and its HTTP cache.
// Between tests it is cleared of everything a test can leave there that the next one could see: its pages
// (and with them their routes, init scripts and listeners), the cookies, the origin's storage (local,
// IndexedDB, Cache Storage, service workers), permissions, the offline switch, extra headers, context
// routes and the listeners a test added to the context. What cannot be cleared (a clock installed, a
// context-wide init script or binding, a geolocation or HTTP credentials set) retires the context: the next
// test gets a new one. Tests that need one of their own say `test.use({ freshContext: true })`.
import type { Browser, BrowserContext, BrowserContextOptions } from "@playwright/test";

/** Context methods whose effect outlives the test and cannot be undone: calling one retires the context. */
const LASTING = ["addInitScript", "exposeBinding", "exposeFunction", "setGeolocation", "setHTTPCredentials", "routeFromHAR"] as const;
const LASTING_CLOCK = ["install", "fastForward", "pauseAt", "resume", "runFor", "setFixedTime", "setSystemTime"] as const;
/** Everything but cookies, which BrowserContext.clearCookies clears (CDP's Storage.clearDataForOrigin storage types). */
const STORAGE_TYPES = "local_storage,indexeddb,cache_storage,service_workers,file_systems,websql,shared_storage,storage_buckets";

interface Kept {
  context: BrowserContext;
  options: BrowserContextOptions;
  /** Set when the test did something that cannot be cleared. */
  spoilt: boolean;
}

export interface Lease {
  context: BrowserContext;
  /** Clears what the test left, or closes the context when it cannot be cleared. */
  release(): Promise<void>;
}

export class KeptContexts {
  private readonly kept = new Map<string, Kept>();

  /**
   * The kept context for these options (a new one the first time), ready for a test. Options that make a
   * context behave differently from test to test (service workers allowed, which cache the site) get a
   * context of their own each time.
   */
  async lease(browser: Browser, options: BrowserContextOptions, baseURL: string | undefined): Promise<Lease> {
    if (options.serviceWorkers === "allow") {
      const context = await browser.newContext(options);
      return { context, release: () => context.close() };
    }
    const key = JSON.stringify(options);
    let entry = this.kept.get(key);
    if (!entry) {
      const created: Kept = { context: await browser.newContext(options), options, spoilt: false };
      created.context.on("close", () => {
        if (this.kept.get(key) === created) this.kept.delete(key);
      });
      watchLasting(created);
      this.kept.set(key, created);
      entry = created;
    }
    const kept = entry;
    const listeners = snapshotListeners(kept.context);
    return {
      context: kept.context,
      release: async () => {
        if (kept.spoilt || this.kept.get(key) !== kept) {
          this.kept.delete(key);
          await kept.context.close().catch(() => undefined);
          return;
        }
        try {
          await clear(kept, listeners, baseURL);
        } catch {
          // A context that cannot be cleared is not kept.
          this.kept.delete(key);
          await kept.context.close().catch(() => undefined);
        }
      },
    };
  }

  async closeAll(): Promise<void> {
    const contexts = [...this.kept.values()].map((entry) => entry.context);
    this.kept.clear();
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
  }
}

/** Wraps the context's lasting methods (and its clock's) so that calling one marks it spoilt. */
function watchLasting(kept: Kept): void {
  const spoilOn = (target: object, names: readonly string[]) => {
    const methods = target as Record<string, (...args: unknown[]) => unknown>;
    for (const name of names) {
      const original = methods[name].bind(target);
      methods[name] = (...args: unknown[]) => {
        kept.spoilt = true;
        return original(...args);
      };
    }
  };
  spoilOn(kept.context, LASTING);
  spoilOn(kept.context.clock, LASTING_CLOCK);
}

/** The context as the event emitter it is (Playwright's client objects). */
type Emitter = {
  eventNames(): (string | symbol)[];
  rawListeners(name: string | symbol): ((...args: unknown[]) => void)[];
  off(name: string | symbol, listener: (...args: unknown[]) => void): void;
};
type Listeners = Map<string | symbol, Set<unknown>>;

function snapshotListeners(context: BrowserContext): Listeners {
  const emitter = context as unknown as Emitter;
  return new Map(emitter.eventNames().map((name) => [name, new Set(emitter.rawListeners(name))]));
}

async function clear(kept: Kept, before: Listeners, baseURL: string | undefined): Promise<void> {
  const { context, options } = kept;
  // The listeners the test added (the fixtures' own watch of requests among them).
  const emitter = context as unknown as Emitter;
  for (const name of emitter.eventNames()) {
    for (const listener of emitter.rawListeners(name)) if (!before.get(name)?.has(listener)) emitter.off(name, listener);
  }
  // The origin's storage, through a page of the context (the pages are closed next).
  const page = context.pages()[0] ?? (await context.newPage());
  if (baseURL) {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Storage.clearDataForOrigin", { origin: new URL(baseURL).origin, storageTypes: STORAGE_TYPES });
    await cdp.detach();
  }
  await Promise.all(context.pages().map((open) => open.close()));
  await context.unrouteAll({ behavior: "ignoreErrors" });
  await context.clearCookies();
  await context.clearPermissions();
  if (options.permissions?.length) await context.grantPermissions(options.permissions);
  await context.setOffline(options.offline ?? false);
  await context.setExtraHTTPHeaders(options.extraHTTPHeaders ?? {});
}

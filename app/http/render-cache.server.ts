/**
 * The render cache: anonymous pages kept a few seconds in each server process, so a busy page is
 * rendered once, not once per visitor (issue 17; docs/decisions/0176-render-cache.md).
 *
 * Only what conditional GET (conditional.server.ts) already shares with any cache in front of the app
 * is kept: 200 responses to anonymous GETs of the public pages, without a cookie set. An entry holds
 * the body with the nonce it was rendered with; each hit gets the request's own nonce in its place,
 * so no two responses share one. The rendered-with nonce is random and never sent, so no stored text
 * can name it.
 *
 * Freshness: every write to a table a page can show moves the database's `content_version` sequence
 * (migration 0027). An entry is used only while the version is the one it was rendered at, and for at
 * most `ttlMs`. The sequence moves when a write's statement ends, before its transaction commits: a
 * page rendered in between would show the old data at the new version. So a page is kept only when
 * its render began `settleMs` after this process first saw that version, by when the write has
 * committed (app transactions last milliseconds; a longer one is covered by the TTL).
 */

export interface CachedPage {
  status: number;
  /** The response's own headers (those the page set), without the per-request ones. */
  headers: [string, string | string[]][];
  /** The body as rendered, or gzipped when `gzipped` (a body without a nonce: JSON and `.data`). */
  body: Buffer;
  gzipped?: boolean;
  /** The nonce the body was rendered with ("" when it has none, or when its scripts are allowed by hash: `csp`). */
  nonce: string;
  /**
   * A page whose inline scripts are allowed by their hashes rather than a nonce (inline-scripts.server.ts):
   * its own Content-Security-Policy, the same on every response, and so its body the same bytes on
   * every response, kept compressed once in Brotli beside it (issue 52).
   */
  csp?: string;
  brotli?: Buffer;
  etag: string;
  version: string;
  storedAt: number;
}

export interface RenderCacheOptions {
  /** How long an entry may be used at most, in milliseconds. 0 turns the cache off. */
  ttlMs: number;
  /** How long after a version is first seen pages rendered at it may be kept. */
  settleMs: number;
  /** The bodies' total size limit, in bytes. */
  maxBytes: number;
  /** The database's content version (the content_version sequence's value). */
  readVersion: () => Promise<string>;
  now?: () => number;
}

/** Bodies above this are never kept: one page must not push out dozens. */
const MAX_ENTRY_BYTES = 1_000_000;
/** How often expired pages are swept out. */
const SWEEP_MS = 1_000;

export interface RenderCache {
  /** The current content version and the time a render started at it, read before the page is rendered. */
  begin(): Promise<{ version: string; startedAt: number } | null>;
  /** The entry for this key at this version, if it is still fresh. */
  get(key: string, version: string): CachedPage | undefined;
  /** Keeps a page rendered from `startedAt` at `version`, when that is safe. Returns whether it was kept. */
  put(key: string, page: Omit<CachedPage, "storedAt">, startedAt: number): boolean;
  readonly size: number;
  readonly bytes: number;
}

export function createRenderCache(options: RenderCacheOptions): RenderCache {
  const now = options.now ?? (() => Date.now());
  const entries = new Map<string, CachedPage>();
  let bytes = 0;
  let seenVersion = "";
  let seenAt = 0;
  let sweptAt = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= sizeOf(entry);
    entries.delete(key);
  }

  return {
    async begin() {
      if (options.ttlMs <= 0) return null;
      let version: string;
      try {
        version = await options.readVersion();
      } catch {
        // Without the version nothing can be known fresh: render, and keep nothing.
        return null;
      }
      const startedAt = now();
      // Versions only grow; a request that read one just before another's newer read keeps nothing.
      if (seenVersion === "" || BigInt(version) > BigInt(seenVersion)) {
        seenVersion = version;
        seenAt = startedAt;
        // Every entry is of an older version now.
        entries.clear();
        bytes = 0;
      }
      return { version, startedAt };
    },
    get(key, version) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.version !== version || now() - entry.storedAt >= options.ttlMs) {
        remove(key);
        return undefined;
      }
      // Most recently used last, so the oldest-used go first when the cache is full.
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    put(key, page, startedAt) {
      if (options.ttlMs <= 0 || sizeOf(page) > MAX_ENTRY_BYTES || sizeOf(page) > options.maxBytes) return false;
      if (page.version !== seenVersion || startedAt - seenAt < options.settleMs) return false;
      remove(key);
      const storedAt = now();
      // Pages past their TTL are dropped, at most once a second, not only when the cache is full: a
      // stream of pages asked for once (searches at ever new points) would otherwise hold maxBytes of
      // dead pages in every worker.
      if (storedAt - sweptAt >= SWEEP_MS) {
        sweptAt = storedAt;
        for (const [old, entry] of entries) if (storedAt - entry.storedAt >= options.ttlMs) remove(old);
      }
      entries.set(key, { ...page, body: ownMemory(page.body), brotli: page.brotli && ownMemory(page.brotli), storedAt });
      bytes += sizeOf(page);
      for (const oldest of entries.keys()) {
        if (bytes <= options.maxBytes) break;
        remove(oldest);
      }
      return true;
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}

/** The bytes an entry holds: its body and its Brotli copy. */
function sizeOf(page: Pick<CachedPage, "body" | "brotli">): number {
  return page.body.length + (page.brotli?.length ?? 0);
}

/**
 * The bytes in memory of their own, when they are a view of a larger allocation. zlib's gzipSync
 * answers a small body as a slice of its larger output chunk, so a body kept as it came held the whole
 * chunk and the cache held several times the bytes it counted (decision 0210).
 */
function ownMemory(body: Buffer): Buffer {
  if (body.buffer.byteLength === body.length) return body;
  const own = Buffer.allocUnsafeSlow(body.length);
  body.copy(own);
  return own;
}

/** The body with each occurrence of one nonce swapped for another, without decoding it. */
export function swapNonce(body: Buffer, from: string, to: string): Buffer {
  if (from === "" || from === to) return body;
  const needle = Buffer.from(from);
  const replacement = Buffer.from(to);
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, start)) {
    parts.push(body.subarray(start, at), replacement);
    start = at + needle.length;
  }
  if (start === 0) return body;
  parts.push(body.subarray(start));
  return Buffer.concat(parts);
}

/** The parts of the body between the nonce's occurrences: what is the same on every request. */
export function withoutNonceParts(body: Buffer, nonce: string): Buffer[] {
  if (nonce === "") return [body];
  const needle = Buffer.from(nonce);
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, start)) {
    parts.push(body.subarray(start, at));
    start = at + needle.length;
  }
  parts.push(body.subarray(start));
  return parts;
}

import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createRenderCache, swapNonce, withoutNonceParts, type CachedPage } from "../../app/http/render-cache.server";

// The render cache's rules with a clock and a content version the test moves by hand.
function setUp(overrides: { ttlMs?: number; maxBytes?: number } = {}) {
  let time = 10_000;
  let version = "5";
  const cache = createRenderCache({ ttlMs: overrides.ttlMs ?? 10_000, settleMs: 1_000, maxBytes: overrides.maxBytes ?? 1_000_000, readVersion: async () => version, now: () => time });
  return {
    cache,
    advance: (ms: number) => (time += ms),
    write: () => (version = String(Number(version) + 1)),
  };
}

function page(text: string, version: string): Omit<CachedPage, "storedAt"> {
  return { status: 200, headers: [["content-type", "text/html"]], body: Buffer.from(text), nonce: "", etag: `W/"${text}"`, version };
}

describe("render cache", () => {
  it("keeps a page only once its version has settled, and serves it until the TTL", async () => {
    const { cache, advance } = setUp();
    const first = await cache.begin();
    // Rendered right after this process first saw version 5: a write could still be committing.
    expect(cache.put("/a", page("one", first!.version), first!.startedAt)).toBe(false);
    advance(1_000);
    const later = await cache.begin();
    expect(cache.put("/a", page("one", later!.version), later!.startedAt)).toBe(true);
    expect(cache.get("/a", later!.version)?.body.toString()).toBe("one");
    advance(9_999);
    expect(cache.get("/a", (await cache.begin())!.version)?.body.toString()).toBe("one");
    advance(1);
    expect(cache.get("/a", (await cache.begin())!.version)).toBeUndefined();
  });

  it("forgets every page when the content version moves", async () => {
    const { cache, advance, write } = setUp();
    await cache.begin();
    advance(2_000);
    const render = await cache.begin();
    cache.put("/a", page("one", render!.version), render!.startedAt);
    write();
    const next = await cache.begin();
    expect(next!.version).toBe("6");
    expect(cache.get("/a", next!.version)).toBeUndefined();
    expect(cache.size).toBe(0);
    // A render that began at the old version is not kept at the new one.
    expect(cache.put("/b", page("old", render!.version), render!.startedAt)).toBe(false);
  });

  it("holds a kept body in memory of its own, not the larger allocation it was a view of", async () => {
    const { cache, advance } = setUp();
    await cache.begin();
    advance(1_000);
    const render = await cache.begin();
    // What gzipSync returns for a small body: a slice of its 16 KB output chunk.
    const gzipped = gzipSync(JSON.stringify({ results: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Walk ${i}` })) }));
    expect(gzipped.buffer.byteLength).toBeGreaterThan(4 * gzipped.length);
    cache.put("/api", { ...page("", render!.version), body: gzipped, gzipped: true }, render!.startedAt);
    const kept = cache.get("/api", render!.version)!.body;
    expect(kept.equals(gzipped)).toBe(true);
    expect(kept.buffer.byteLength).toBe(gzipped.length);
    expect(cache.bytes).toBe(gzipped.length);
  });

  it("keeps nothing when it cannot read the version, and nothing when it is off", async () => {
    const broken = createRenderCache({ ttlMs: 10_000, settleMs: 0, maxBytes: 1_000, readVersion: () => Promise.reject(new Error("down")) });
    expect(await broken.begin()).toBeNull();
    const off = createRenderCache({ ttlMs: 0, settleMs: 0, maxBytes: 1_000, readVersion: async () => "1" });
    expect(await off.begin()).toBeNull();
    expect(off.put("/a", page("one", "1"), 0)).toBe(false);
  });

  it("drops pages past their TTL as new ones come, not only when it is full", async () => {
    const { cache, advance } = setUp({ ttlMs: 5_000 });
    await cache.begin();
    advance(1_000);
    for (const path of ["/a", "/b", "/c"]) {
      const render = await cache.begin();
      expect(cache.put(path, page(`page ${path}`, render!.version), render!.startedAt)).toBe(true);
      advance(2_000);
    }
    // /a is 6 s old, /b 4 s, /c 2 s: the next page stored sweeps /a out, though nobody asked for it again.
    const render = await cache.begin();
    cache.put("/d", page("page /d", render!.version), render!.startedAt);
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBe(3 * "page /a".length);
    advance(5_000);
    const last = await cache.begin();
    cache.put("/e", page("page /e", last!.version), last!.startedAt);
    expect(cache.size).toBe(1);
    expect(cache.get("/e", last!.version)?.body.toString()).toBe("page /e");
  });

  it("stays within its size by dropping the least recently used pages", async () => {
    const { cache, advance } = setUp({ maxBytes: 10 });
    await cache.begin();
    advance(2_000);
    const render = (await cache.begin())!;
    cache.put("/a", page("aaaa", render.version), render.startedAt);
    cache.put("/b", page("bbbb", render.version), render.startedAt);
    cache.get("/a", render.version);
    cache.put("/c", page("cccc", render.version), render.startedAt);
    expect(cache.get("/b", render.version)).toBeUndefined();
    expect(cache.get("/a", render.version)?.body.toString()).toBe("aaaa");
    expect(cache.bytes).toBe(8);
    expect(cache.put("/big", page("x".repeat(11), render.version), render.startedAt)).toBe(false);
  });
});

describe("nonces in kept pages", () => {
  it("swaps every occurrence of the rendered-with nonce for the request's own", () => {
    const body = Buffer.from('<script nonce="AAAA">1</script><p>AAA</p><script nonce="AAAA">2</script>');
    expect(swapNonce(body, "AAAA", "BBBB").toString()).toBe('<script nonce="BBBB">1</script><p>AAA</p><script nonce="BBBB">2</script>');
    expect(swapNonce(body, "", "BBBB")).toBe(body);
    expect(Buffer.concat(withoutNonceParts(body, "AAAA")).toString()).toBe('<script nonce="">1</script><p>AAA</p><script nonce="">2</script>');
  });
});

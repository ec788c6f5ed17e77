import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { PassThrough } from "node:stream";
import { createElement as h, Suspense, type ReactNode } from "react";
import { describe, expect, it } from "vitest";

// patches/react-dom+18.3.1.patch: the production server renderer (the build the production server
// loads) gathers its output as text and writes it to the response 8,192 characters or more at a time,
// instead of encoding every small string into 2,048-byte arrays (decision 0206). These tests render the
// same pages through the patched build and through the development build, which is not patched.
type Server = typeof import("react-dom/server");
const load = createRequire(import.meta.url);
// The package's "exports" hide its builds; they are loaded by their paths.
const builds = join(dirname(load.resolve("react-dom/package.json")), "cjs");
const patched = load(join(builds, "react-dom-server.node.production.min.js")) as Server;
const upstream = load(join(builds, "react-dom-server.node.development.js")) as Server;

/** Renders `tree` with renderToPipeableStream: the bytes, and what each write to the destination was. */
function render(server: Server, tree: ReactNode): Promise<{ html: string; writes: { kind: string; size: number }[] }> {
  return new Promise((resolve, reject) => {
    const destination = new PassThrough();
    const writes: { kind: string; size: number }[] = [];
    const write = destination.write.bind(destination) as (chunk: unknown, ...rest: unknown[]) => boolean;
    destination.write = ((chunk: unknown, ...rest: unknown[]) => {
      writes.push({ kind: typeof chunk === "string" ? "string" : "bytes", size: typeof chunk === "string" ? chunk.length : (chunk as Uint8Array).byteLength });
      return write(chunk, ...rest);
    }) as typeof destination.write;
    const chunks: Buffer[] = [];
    destination.on("data", (chunk: Buffer) => chunks.push(chunk));
    destination.on("end", () => resolve({ html: Buffer.concat(chunks).toString("utf8"), writes }));
    const { pipe } = server.renderToPipeableStream(tree, { onAllReady: () => pipe(destination), onShellError: reject });
  });
}

/** A component that suspends until `promise` settles, then shows its text. */
function later(promise: Promise<string>): () => ReactNode {
  let value: string | undefined;
  void promise.then((text) => (value = text));
  return function Later() {
    if (value === undefined) throw promise;
    return h("p", { className: "later" }, value);
  };
}

/** A page like the results page: a few hundred elements, text that needs escaping, other scripts than Latin, a long paragraph. */
function page(): ReactNode {
  const Later = later(new Promise((resolve) => setTimeout(() => resolve("Shown after a pause: café & <bar>"), 5)));
  const cards = Array.from({ length: 120 }, (_, i) =>
    h(
      "li",
      { key: i, id: `result-${i}`, className: "result-card", "data-position": i + 1 },
      h("h3", null, h("a", { href: `/dog-walk/walk-${i}?a=1&b="2"` }, `Walk ${i} near Château-d'Œx`)),
      h("p", null, i, " miles away ", "🐕", " — ", "«guillemets» & <tags> \"quotes\" 'apostrophes'"),
    ),
  );
  return h(
    "html",
    { lang: "en-GB" },
    h("head", null, h("title", null, "Results")),
    h(
      "body",
      null,
      h("ul", null, cards),
      h("p", { id: "long" }, "Ω".repeat(9_000)),
      h("p", { id: "lone" }, "a lone surrogate: \ud800 then on"),
      h(Suspense, { fallback: h("p", null, "Loading…") }, h(Later)),
    ),
  );
}

describe("the patched production server renderer", () => {
  it("writes the same document as React's unpatched renderer, byte for byte, with a boundary that streams in later", async () => {
    const [ours, theirs] = await Promise.all([render(patched, page()), render(upstream, page())]);
    expect(ours.html.length).toBeGreaterThan(30_000);
    expect(ours.html).toContain("Shown after a pause: café &amp; &lt;bar&gt;");
    expect(ours.html).toContain("\ufffd then on");
    expect(ours.html).toBe(theirs.html);
  });

  it("is the patched build: it writes text in a few large pieces, not in 2,048-byte arrays", async () => {
    const { html, writes } = await render(patched, page());
    expect(writes.every((write) => write.kind === "string")).toBe(true);
    // Unpatched, this page takes 30 and more writes of 2,048 bytes or fewer.
    expect(writes.length).toBeLessThan(Buffer.byteLength(html) / 4_096);
  });
});

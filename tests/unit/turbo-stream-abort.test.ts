import { createRequire } from "node:module";
import { afterEach, describe, expect, it } from "vitest";

// patches/turbo-stream+2.4.1.patch: Remix's single fetch decodes each `.data` response with
// turbo-stream and never awaits the decoder's `done` promise. When the router aborts a request after
// the response's first line arrived but before the stream ended (a navigation superseding a
// revalidation), the unpatched decoder rejected two promises nobody handles, which the browser reports
// as two uncaught "signal is aborted without reason" page errors. These tests run both builds the
// app loads: the ES module (bundled into the browser) and the CommonJS one (Node).
type Decode = (readable: ReadableStream<Uint8Array>) => Promise<{ done: Promise<unknown>; value: unknown }>;
type Encode = (value: unknown) => ReadableStream<string>;
const esm = (await import("turbo-stream")) as unknown as { decode: Decode; encode: Encode };
const cjs = createRequire(import.meta.url)("turbo-stream") as { decode: Decode };
const LOADER_DATA = { root: { user: null }, "routes/treat": { treat: { name: "A Treat", giftedTo: "rex" } } };
const firstLine = (await new Response(esm.encode(LOADER_DATA)).text()).split("\n")[0];

const unhandled: unknown[] = [];
const collect = (reason: unknown) => unhandled.push(reason);

/** A response body that sends its first line, then fails the way an aborted fetch does. */
function abortedAfterFirstLine(): ReadableStream<Uint8Array> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  controller.enqueue(new TextEncoder().encode(`${firstLine}\n`));
  setTimeout(() => controller.error(new DOMException("signal is aborted without reason", "AbortError")), 5);
  return stream;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

afterEach(() => {
  process.off("unhandledRejection", collect);
  unhandled.length = 0;
});

describe.each([
  ["the ES module build", esm],
  ["the CommonJS build", cjs],
])("turbo-stream's decoder, %s, when the response is aborted mid-stream", (_name, { decode }) => {
  it("gives the first line's value and leaves no unhandled rejection behind", async () => {
    process.on("unhandledRejection", collect);
    const decoded = await decode(abortedAfterFirstLine());
    expect(decoded.value).toEqual(LOADER_DATA);
    await settle();
    expect(unhandled).toEqual([]);
  });

  it("still rejects `done` for a caller who awaits it", async () => {
    const decoded = await decode(abortedAfterFirstLine());
    await expect(decoded.done).rejects.toThrow("signal is aborted without reason");
  });
});

import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, constants, createBrotliCompress, gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BROTLI_QUALITY, COMPRESSION_OPTIONS } from "../../app/http/compression.server";
import { conditionalGet } from "../../app/http/conditional.server";

// The compression server.ts sets up (decision 0208), before conditional GET as there, on a page the
// size of a results page: 20 cards of varied text.
const page = Array.from(
  { length: 20 },
  (_, i) =>
    `<article class="card"><h2><a href="/dog-walk/walk-${i * 7919}">Walk number ${i * 7919} by the river</a></h2>` +
    `<p>${"Dogs off lead on the water meadows, a café at the car park, stiles for small dogs. ".repeat(1 + (i % 4))}${i * 104729}</p></article>`,
).join("\n");

let base = "";
let close = () => undefined as void;

beforeAll(async () => {
  const app = express();
  app.use(compression(COMPRESSION_OPTIONS));
  app.use(conditionalGet());
  app.get("/location", (_req, res) => {
    res.type("html");
    res.end(page);
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => void server.close();
});
afterAll(() => close());

/** The raw bytes and headers of a GET (fetch would decompress them). */
function raw(path: string, acceptEncoding: string): Promise<{ encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(`${base}${path}`, { headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

/** The page as a Brotli stream at `quality` compresses it, written in one piece as the middleware does. */
function brotli(quality: number): Promise<Buffer> {
  return new Promise((resolve) => {
    const stream = createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: quality } });
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.end(Buffer.from(page));
  });
}

describe("response compression", () => {
  it("answers a browser with Brotli at quality 1, not the middleware's default 4", async () => {
    const chromium = await raw("/location", "gzip, deflate, br, zstd");
    expect(chromium.encoding).toBe("br");
    expect(brotliDecompressSync(chromium.body).toString()).toBe(page);
    const [atOne, atFour] = await Promise.all([brotli(BROTLI_QUALITY), brotli(4)]);
    expect(BROTLI_QUALITY).toBe(1);
    expect(atOne.equals(atFour)).toBe(false);
    expect(chromium.body.equals(atOne)).toBe(true);
  });

  it("answers gzip to a client without Brotli, and the page as it is to one that asks for no encoding", async () => {
    const gzip = await raw("/location", "gzip");
    expect(gzip.encoding).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(page);
    const plain = await raw("/location", "identity");
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
  });
});

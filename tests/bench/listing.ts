// npm run bench:listing — the listing page's budgets on the demo data (issue 6).
// Starts the production build on a free port against the app database, then prints:
//   - server render time of listing pages /{type}/{slug} (one client, p50/p95/p99; budget p95 ≤ 100 ms);
//   - the time to process a 12-megapixel JPEG into all stored versions (budget < 2 s).
// Figures are printed, never asserted: this is a benchmark, not a test.
import { freePort, machineLine, startServer } from "./server";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import sharp from "sharp";
import { processImage } from "../../media/images.server";

const DATABASE_URL = process.env.BENCH_LISTING_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:55432/pawroute";
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 400);
const BUDGET = { renderP95Ms: 100, imageMs: 2000 };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function verdict(ok: boolean): string {
  return ok ? "within budget" : "OVER BUDGET";
}

/** Listing URLs of every walk type, spread over the demo data. */
async function listingUrls(): Promise<string[]> {
  const sql = postgres(DATABASE_URL, { max: 1, onnotice: () => undefined });
  try {
    const rows = await sql<{ url: string }[]>`
      SELECT '/' || walk_type || '/' || slug AS url FROM listings WHERE status = 2 ORDER BY md5(id::text) LIMIT 200`;
    return rows.map((row) => row.url);
  } finally {
    await sql.end();
  }
}

async function renderTimes(base: string, urls: string[]) {
  for (const url of urls.slice(0, 30)) await (await fetch(`${base}${url}`)).text();
  const times: number[] = [];
  let failures = 0;
  for (let i = 0; i < ITERATIONS; i++) {
    const url = urls[i % urls.length];
    const started = performance.now();
    const response = await fetch(`${base}${url}`);
    await response.text();
    times.push(performance.now() - started);
    if (response.status !== 200) failures++;
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  console.log(`Listing page server render (${ITERATIONS} requests over ${urls.length} listings of every type, one client, warm):`);
  console.log(
    `  p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  p99 ${percentile(times, 99).toFixed(1)} ms  ${failures ? `${failures} not 200  ` : ""}(budget p95 ≤ ${BUDGET.renderP95Ms} ms: ${verdict(p95 <= BUDGET.renderP95Ms)})\n`,
  );
}

async function imageTimes() {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  // A photo-like gradient with noise, so the JPEG decodes and the WebP encodes like a real picture.
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const noise = (Math.imul(x * 73856093 + y * 19349663, 2654435761) >>> 27) - 16;
      pixels[i] = (x / width) * 200 + noise;
      pixels[i + 1] = (y / height) * 200 + noise;
      pixels[i + 2] = 120 + noise;
    }
  }
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
  const times: number[] = [];
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    const image = await processImage(jpeg);
    times.push(performance.now() - started);
    if (image.versions.length !== 6) throw new Error("processImage made the wrong number of versions");
  }
  times.sort((a, b) => a - b);
  const worst = times[times.length - 1];
  console.log(`A 12-megapixel JPEG (${width}×${height}, ${(jpeg.length / 1024 / 1024).toFixed(1)} MB) into all 6 WebP versions, 5 runs:`);
  console.log(`  median ${times[2].toFixed(0)} ms  slowest ${worst.toFixed(0)} ms  (budget < ${BUDGET.imageMs} ms: ${verdict(worst < BUDGET.imageMs)})`);
}

async function main() {
  const port = await freePort();
  console.log(`Starting the production build on port ${port} against ${DATABASE_URL.replace(/\/\/[^@]*@/, "//")}`);
  console.log(`${machineLine("at the start")} (other work on the machine slows every figure)\n`);
  const urls = await listingUrls();
  // Render times are of rendering: the render cache (decision 0176) would answer the repeated requests.
  const server = await startServer(port, DATABASE_URL, "server.ts", { RENDER_CACHE_SECONDS: "0" });
  try {
    await renderTimes(server.base, urls);
  } finally {
    server.stop();
  }
  await imageTimes();
}

await main();

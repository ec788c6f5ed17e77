// `npm run bench:timings`: the timings that used to sit in the test suite, printed and never asserted
// (a shared machine is noisy). Geocoder autocomplete p50/p95 over ~200 varied queries (budget: 15 ms
// p95, docs/decisions/0007), London → Edinburgh routing on the demo graph, and a 12-megapixel photo
// processed into its six versions. Runs on the app database (DATABASE_URL, set by scripts/bench.mjs).
import sharp from "sharp";
import { processImage } from "../../media/images.server";
import { connect } from "../../db/client";
import { geocode } from "../../geo/geocode";
import { createPgRoutingEngine } from "../../geo/routing/pgrouting";
import { variedGeocodeQueries } from "../support/geocode-queries";

const handle = connect(process.env.DATABASE_URL ?? "", { max: 4 });
const { sql } = handle;

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
}

async function time<T>(work: () => Promise<T>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

try {
  const queries = await variedGeocodeQueries(sql);
  for (const query of queries.slice(0, 10)) await geocode(sql, query);
  const timings: { query: string; ms: number }[] = [];
  for (const query of queries) timings.push({ query, ms: await time(() => geocode(sql, query)) });
  const sorted = timings.map((t) => t.ms).sort((a, b) => a - b);
  const slowest = [...timings].sort((a, b) => b.ms - a.ms).slice(0, 5);
  console.log(
    `geocode: ${timings.length} queries, p50 ${percentile(sorted, 0.5).toFixed(2)} ms, p95 ${percentile(sorted, 0.95).toFixed(2)} ms, max ${sorted[sorted.length - 1].toFixed(2)} ms; ` +
      `slowest: ${slowest.map((t) => `${JSON.stringify(t.query)} ${t.ms.toFixed(1)} ms`).join(", ")}`,
  );

  const engine = createPgRoutingEngine(sql);
  const routings: number[] = [];
  for (let i = 0; i < 10; i++) routings.push(await time(() => engine.route({ lat: 51.5072, lng: -0.1276 }, { lat: 55.9533, lng: -3.1883 })));
  const routeSorted = [...routings].sort((a, b) => a - b);
  console.log(`routing London → Edinburgh, 10 runs: ${routings.map((t) => t.toFixed(0)).join(", ")} ms (median ${routeSorted[5].toFixed(0)} ms)`);

  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
  const images: number[] = [];
  for (let i = 0; i < 3; i++) images.push(await time(() => processImage(jpeg)));
  console.log(`12-megapixel JPEG into six WebP versions, 3 runs: ${images.map((t) => t.toFixed(0)).join(", ")} ms (budget 2,000 ms)`);
} finally {
  await handle.close();
}

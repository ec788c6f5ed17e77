// npm run bench:geo — the geo engine's figures on a million listings (ISSUE: geo engine).
// Builds (once) a benchmark database of 1,000,000 listings and a routing graph of 500,000+ edges with
// the demo generator's size flags, then prints p50/p95/p99 per search (warm, one client), the route
// corridor's naive baseline, throughput with 8 autocannon connections (with the CPU a request of the app,
// PostgreSQL and the benchmark itself) and the app's memory.
// Figures are printed, never asserted: this is a benchmark, not a test.
import { spawnSync } from "node:child_process";
import autocannon from "autocannon";
import { availableParallelism } from "node:os";
import { performance } from "node:perf_hooks";
import { connect } from "../../db/client";
import { Random } from "../../db/seed/random";
import { geocode } from "../../geo/geocode";
import { createPgRoutingEngine } from "../../geo/routing/pgrouting";
import { parseFilters, search } from "../../geo/search";
import { listingFilterSql } from "../../geo/search/query";
import { corridorPage, planFromRoute } from "../../geo/search/route";
import type { Route } from "../../geo/routing/port";
import { roadCounts } from "../../geo/search/road-counts";
import { tile } from "../../geo/tiles";
import { WARMUP_SECONDS, cpuSeconds, cpuTicks, machineLine, postgresCpuSeconds, sharedOnceKb, residentKb, startServer, warmUp } from "./server";

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 1_000_000);
const LOCAL_ROADS = Number(process.env.BENCH_LOCAL_ROADS ?? 185_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const PORT = Number(process.env.BENCH_PORT ?? 3200);
const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:55432/pawroute_bench";

function run(cmd: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const rows: { name: string; n: number; p50: number; p95: number; p99: number; budget: string }[] = [];

async function measure(name: string, budget: string, n: number, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < Math.min(10, n); i++) await fn(i); // warm up
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const row = { name, n, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), budget };
  rows.push(row);
  console.log(`  ${name.padEnd(44)} p50 ${row.p50.toFixed(1).padStart(7)} ms  p95 ${row.p95.toFixed(1).padStart(7)} ms  p99 ${row.p99.toFixed(1).padStart(7)} ms  (budget ${budget})`);
}

const started = cpuTicks();

/** The same route with about `vertices` points along its straight stretches (what OSRM's overview=full looks like to the corridor). */
function densify(route: Route, vertices: number): Route {
  const segments = route.coordinates.length - 1;
  const per = Math.max(1, Math.floor((vertices - 1) / segments));
  const coordinates: [number, number][] = [];
  const measures: Route["measures"] = [];
  for (let i = 0; i < segments; i++) {
    const [a, b] = [route.coordinates[i], route.coordinates[i + 1]];
    const [ma, mb] = [route.measures[i], route.measures[i + 1]];
    for (let k = 0; k < per; k++) {
      const t = k / per;
      coordinates.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
      measures.push({ metres: ma.metres + (mb.metres - ma.metres) * t, seconds: ma.seconds + (mb.seconds - ma.seconds) * t });
    }
  }
  coordinates.push(route.coordinates[route.coordinates.length - 1]);
  measures.push(route.measures[route.measures.length - 1]);
  return { ...route, coordinates, measures };
}

async function main() {
  console.log(`Benchmark database: ${url.replace(/\/\/[^@]*@/, "//")}`);
  console.log(machineLine("at the start"));
  run("node_modules/.bin/tsx", ["db/migrate.ts", "--create"], { DATABASE_URL: url });
  const seedStarted = performance.now();
  run("node_modules/.bin/tsx", ["db/seed/cli.ts", "--if-empty", "--seed", "bench", "--listings", String(LISTINGS), "--local-roads", String(LOCAL_ROADS)], { DATABASE_URL: url });
  console.log(`Seed step: ${((performance.now() - seedStarted) / 1000).toFixed(0)} s (nothing to do when the data set is already loaded)`);

  const { sql, close } = connect(url, { max: 4 });
  const engine = createPgRoutingEngine(sql);
  const [size] = await sql<{ listings: number; edges: number }[]>`
    SELECT (SELECT count(*)::int FROM listings) AS listings, (SELECT count(*)::int FROM routing_edges) AS edges`;
  console.log(`Data set: ${size.listings.toLocaleString("en-GB")} listings, ${size.edges.toLocaleString("en-GB")} routing edges\n`);

  const rng = new Random("bench");
  const points = await sql<{ lat: number; lng: number; type_id: number }[]>`
    SELECT ST_Y(location::geometry) AS lat, ST_X(location::geometry) AS lng, type_id FROM listings TABLESAMPLE BERNOULLI (0.2) REPEATABLE (7) WHERE status = 2`;
  const roads = await sql<{ slug: string; country: string }[]>`SELECT r.slug, c.slug AS country FROM roads r JOIN countries c ON c.id = r.country_id`;
  const towns = await sql<{ name: string }[]>`SELECT name FROM places WHERE kind IN ('city', 'town') ORDER BY population DESC LIMIT 500`;
  const pick = <T>(items: T[]) => items[Math.floor(rng.float() * items.length)];
  const filterSets = [{}, { types: [1] }, { types: [2] }, { pubWalks: true }, { beachWalks: true }, { types: [5] }, { types: [1, 2], facilities: [1] }, { facilities: [3] }];

  console.log("Searches (warm, one client):");
  await measure("location (5 miles, 20 results)", "p95 ≤ 20 ms", ITERATIONS, () => {
    const p = pick(points);
    return search(sql, engine, parseFilters({ searchType: "location", location: `${p.lat},${p.lng}`, distance: 5, limit: 20 }));
  });
  await measure("browse by road (20 results)", "p95 ≤ 20 ms", ITERATIONS, () => {
    const r = pick(roads);
    return search(sql, engine, parseFilters({ searchType: "road", roadSlug: r.slug, roadCountry: r.country, limit: 20 }));
  });
  await measure("road counts, uncached", "p95 ≤ 50 ms", Math.min(ITERATIONS, 100), async (i) => {
    await sql`DELETE FROM road_count_cache`;
    return roadCounts(sql, parseFilters({ searchType: "browse", ...filterSets[i % filterSets.length] }));
  });
  await measure("road counts, cached", "p95 ≤ 2 ms", ITERATIONS, (i) => roadCounts(sql, parseFilters({ searchType: "browse", ...filterSets[i % filterSets.length] })));
  const journeys = [
    { name: "London → Edinburgh", from: "51.5072,-0.1276", to: "55.9533,-3.1883" },
    { name: "Calais → Marseille", from: "50.9513,1.8587", to: "43.2965,5.3698" },
  ];
  for (const j of journeys) {
    await measure(`route corridor ${j.name} (with routing)`, "p95 ≤ 250 ms", Math.min(ITERATIONS, 40), () =>
      search(sql, engine, parseFilters({ searchType: "route", from: j.from, to: j.to, limit: 20 })),
    );
  }
  // The corridor alone (no routing) on the London → Edinburgh route as the engine returns it, and
  // densified to 20,000 vertices: batches are measured in metres, so the dense geometry costs the same.
  {
    const route = await engine.route({ lat: 51.5072, lng: -0.1276 }, { lat: 55.9533, lng: -3.1883 });
    if (route) {
      const where = listingFilterSql(sql, parseFilters({ searchType: "route", from: "a", to: "b" }));
      const options = { sort: "distance_in" as const, page: 1, limit: 20, includeMapPoints: false };
      const simple = planFromRoute(route, 8046.72);
      const dense = planFromRoute(densify(route, 20_000), 8046.72);
      await measure(`corridor only, London → Edinburgh (${route.coordinates.length} vertices)`, "-", Math.min(ITERATIONS, 40), () => corridorPage(sql, simple, where, options));
      await measure(`corridor only, densified (${dense.route.coordinates.length} vertices)`, "same as above", Math.min(ITERATIONS, 40), () => corridorPage(sql, dense, where, options));
      await measure("corridor only, London → Edinburgh from hour 4", "-", Math.min(ITERATIONS, 40), () => corridorPage(sql, simple, where, { ...options, startMetres: simple.route.measures[Math.floor(simple.route.measures.length / 2)].metres }));
      await measure("route corridor with map points (sample)", "-", Math.min(ITERATIONS, 20), () => corridorPage(sql, simple, where, { ...options, includeMapPoints: true }));
    }
  }
  await measure("nearby (0.3 miles, same type, 3)", "p95 ≤ 10 ms", ITERATIONS, () => {
    const p = pick(points);
    return search(sql, engine, parseFilters({ searchType: "location", location: `${p.lat},${p.lng}`, distance: 0.3, types: [p.type_id], direct: true, limit: 3 }));
  });
  await measure("geocode autocomplete", "p95 ≤ 15 ms", ITERATIONS, () => {
    const name = pick(towns).name;
    return geocode(sql, name.slice(0, 3 + Math.floor(rng.float() * Math.max(1, name.length - 3))), { limit: 8 });
  });
  await measure("tile z6-z14 (listings layer)", "p95 ≤ 50 ms", ITERATIONS, () => {
    const p = pick(points);
    const z = 6 + Math.floor(rng.float() * 9);
    const n = 2 ** z;
    const x = Math.floor(((p.lng + 180) / 360) * n);
    const latRad = (p.lat * Math.PI) / 180;
    const y = Math.floor(((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * n);
    return tile(sql, "listings", z, x, y);
  });

  console.log("\nRoute corridor, naive baseline (pgr_dijkstra over the whole graph + ST_Buffer/ST_Intersects on the whole line):");
  for (const j of journeys) {
    const [fromLat, fromLng] = j.from.split(",").map(Number);
    const [toLat, toLng] = j.to.split(",").map(Number);
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await sql`
        WITH ends AS (
          SELECT (SELECT id FROM routing_vertices ORDER BY geom <-> ST_SetSRID(ST_MakePoint(${fromLng}, ${fromLat}), 4326) LIMIT 1) AS a,
                 (SELECT id FROM routing_vertices ORDER BY geom <-> ST_SetSRID(ST_MakePoint(${toLng}, ${toLat}), 4326) LIMIT 1) AS b
        ), path AS (
          SELECT e.geom FROM ends, pgr_dijkstra('SELECT id, source, target, cost, reverse_cost FROM routing_edges', ends.a, ends.b) d
          JOIN routing_edges e ON e.id = d.edge
        ), corridor AS (
          SELECT ST_Buffer(ST_LineMerge(ST_Collect(geom))::geography, 8046.7)::geometry AS g FROM path
        )
        SELECT l.id FROM listings l, corridor c
        WHERE l.status = 2 AND ST_Intersects(l.location::geometry, c.g)
        ORDER BY l.popularity DESC LIMIT 20`;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const naive = percentile(times, 50);
    const ours = rows.find((r) => r.name.includes(j.name));
    console.log(
      `  ${j.name.padEnd(22)} naive median ${naive.toFixed(0)} ms; ours p50 ${ours?.p50.toFixed(0)} / p95 ${ours?.p95.toFixed(0)} ms: ${(naive / (ours?.p50 ?? naive)).toFixed(1)}× / ${(naive / (ours?.p95 ?? naive)).toFixed(1)}× faster (goal ≥ 10×)`,
    );
  }
  await close();

  console.log(`\nThroughput: 8 concurrent connections (autocannon) to the production server, cluster.ts (port ${PORT}):`);
  await throughput(points, roads, towns);
  console.log(machineLine("at the end", started));
}

async function throughput(points: { lat: number; lng: number }[], roads: { slug: string; country: string }[], towns: { name: string }[]) {
  // The cluster entry (one worker per core), as npm start runs it; the sampler adds the workers' RSS.
  const server = await startServer(PORT, url, "cluster.ts");
  try {
    const rng = new Random("throughput");
    const pick = <T>(items: T[]) => items[Math.floor(rng.float() * items.length)];
    const requests = [
      () => {
        const p = pick(points);
        return `/api/locations/search/location?location=${p.lat},${p.lng}&distance=5`;
      },
      () => {
        const r = pick(roads);
        return `/api/locations/search/road?road-slug=${r.slug}&road-country=${r.country}`;
      },
      () => `/api/geocode?location=${encodeURIComponent(pick(towns).name.slice(0, 4))}`,
      () => `/api/locations/search/browse/road-counts?types[]=${1 + Math.floor(rng.float() * 5)}`,
    ];
    let peakRss = 0;
    let runPeakRss = 0;
    let peakOnce = 0;
    let samples = 0;
    const sampler = setInterval(() => {
      const rss = residentKb(server.pid);
      // Shared pages counted once: once a second (it costs more to read than RSS), and at each new peak of RSS.
      if (samples++ % 5 === 0 || rss > peakRss) peakOnce = Math.max(peakOnce, sharedOnceKb(server.pid));
      peakRss = Math.max(peakRss, rss);
      runPeakRss = Math.max(runPeakRss, rss);
    }, 200);
    const seconds = Number(process.env.BENCH_SECONDS ?? 20);
    const cores = availableParallelism();
    const drive = async (label: string, paths: (() => string)[], headers: Record<string, string> = {}) => {
      let k = 0;
      runPeakRss = 0;
      const before = { app: cpuSeconds(server.pid), pg: postgresCpuSeconds(), client: process.cpuUsage() };
      // autocannon, as bench:web uses: a lighter client than fetch, whose CPU is counted apart below.
      // Many visitors, not one: each request comes from one of 2,000 addresses (X-Forwarded-For, with
      // TRUST_PROXY on), so the per-address rate limit of the JSON API is paid for but does not refuse the load.
      const result = await autocannon({
        url: server.base,
        connections: 8,
        duration: seconds,
        requests: [
          {
            setupRequest: (request) => {
              const path = paths[k % paths.length]();
              const visitor = k++ % 2_000;
              return { ...request, path, headers: { ...request.headers, ...headers, "X-Forwarded-For": `10.9.${visitor >> 8}.${visitor & 255}` } };
            },
          },
        ],
      });
      const total = Math.max(1, result.requests.total);
      const failed = result.non2xx + result.errors + result.timeouts;
      const client = process.cpuUsage(before.client);
      const ms = {
        app: ((cpuSeconds(server.pid) - before.app) * 1000) / total,
        pg: ((postgresCpuSeconds() - before.pg) * 1000) / total,
        client: (client.user + client.system) / 1000 / total,
      };
      console.log(
        `  ${label.padEnd(44)} ${((result.requests.total - failed) / result.duration).toFixed(0)} requests/s, latency p50 ${result.latency.p50} ms, ${failed} failed, app memory peak ${(runPeakRss / 1024).toFixed(0)} MB`,
      );
      // Where the machine's cores went, a request: the app, PostgreSQL and this benchmark's own client
      // share them, so the cores divided by the sum is the most this machine could answer.
      console.log(
        `  ${"".padEnd(44)} CPU a request: app ${ms.app.toFixed(2)} ms, PostgreSQL ${ms.pg.toFixed(2)} ms, this benchmark (client, sampler) ${ms.client.toFixed(2)} ms: at most ${((cores * 1000) / (ms.app + ms.pg + ms.client)).toFixed(0)} requests/s on ${cores} cores`,
      );
    };
    // The workers' first seconds are not measured (tests/bench/server.ts): searches at points 50 m from the
    // measured ones, so no answer the runs ask for is already in the render cache.
    await warmUp(server.base, () => {
      const p = pick(points);
      return `/api/locations/search/location?location=${(p.lat + 0.00045).toFixed(6)},${p.lng}&distance=5`;
    });
    console.log(`  (each run ${seconds} s, after ${WARMUP_SECONDS} s of warm-up)`);
    await drive("JSON location API (goal ≥ 400 req/s)", [requests[0]]);
    await drive("mix of location, road, geocode, road counts", requests);
    // What a browser gets: the location results page (HTML, rendered for a new point each time) in
    // Brotli, with Chromium's Accept-Encoding. Its compressors' memory counts towards the budget too.
    await drive(
      "location results pages, in Brotli as Chromium asks",
      [
        () => {
          const p = pick(points);
          return `/location?location=${p.lat},${p.lng}`;
        },
      ],
      { "Accept-Encoding": "gzip, deflate, br, zstd" },
    );
    clearInterval(sampler);
    console.log(`  app memory (RSS of the primary and its workers, peak during the three runs): ${(peakRss / 1024).toFixed(0)} MB (budget ≤ 400 MB)`);
    // The sum of RSS counts the pages the processes share (the node binary) once per process.
    console.log(`  the same with the pages the processes share counted once (private pages of each, plus the shared ones once), peak: ${(peakOnce / 1024).toFixed(0)} MB`);
  } finally {
    server.stop();
  }
}

await main();

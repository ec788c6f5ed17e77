// npm run bench:import — the importer's figures on a synthetic OpenStreetMap extract (issue 18).
// Writes a grid-shaped extract of BENCH_WAYS ways (default 1,000,000: motorways with numbered
// junctions, trunk, primary, secondary and local roads), converts it to .osm.pbf with osmium, then
// imports it twice into its own database (pawroute_bench_import beside the bench database): once
// into an empty graph, once as a changed extract over the first, while a client keeps searching.
// Prints the import rate (features per second), the importer's peak memory, the swap's duration
// and the longest search during the swap, beside the machine's load. Figures are printed, never asserted.
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, mkdirSync, statSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { connect } from "../../db/client";
import { createPgRoutingEngine } from "../../geo/routing/pgrouting";
import { parseFilters, search } from "../../geo/search";

const WAYS = Number(process.env.BENCH_WAYS ?? 1_000_000);
const base = new URL(process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:55432/pawroute_bench");
const dbName = "pawroute_bench_import";
const url = new URL(base);
url.pathname = `/${dbName}`;
const dir = join(tmpdir(), "pawroute-bench-import");

const load = () => loadavg().map((n) => n.toFixed(2)).join(" ");

/** A grid of roads over England: rows and columns of intersections, each side a way of 3 pieces. */
async function writeExtract(path: string, ways: number, variant: number): Promise<void> {
  const side = Math.ceil(Math.sqrt(ways / 2));
  const out = createWriteStream(path);
  const write = (s: string) => (out.write(s) ? Promise.resolve() : new Promise<void>((resolve) => out.once("drain", () => resolve())));
  await write('<?xml version="1.0" encoding="UTF-8"?>\n<osm version="0.6" generator="pawroute-bench">\n');
  const [west, south, east, north] = [-4.5, 50.5, 0.5, 54.5];
  const dx = (east - west) / side;
  const dy = (north - south) / side;
  const at = (r: number, c: number) => 1 + (r * side + c) * 5; // intersection id; +1..+4 shape nodes of its two ways
  let buffer = "";
  for (let r = 0; r < side; r++) {
    for (let c = 0; c < side; c++) {
      const x = west + c * dx;
      const y = south + r * dy;
      const id = at(r, c);
      const junction = r % 50 === 25 && c % 20 === 10;
      buffer += junction
        ? `<node id="${id}" lat="${y.toFixed(7)}" lon="${x.toFixed(7)}"><tag k="highway" v="motorway_junction"/><tag k="ref" v="${c / 20 + 0.5}"/><tag k="name" v="Town ${r}-${c}"/></node>\n`
        : `<node id="${id}" lat="${y.toFixed(7)}" lon="${x.toFixed(7)}"/>\n`;
      const wobble = variant * 0.00001;
      for (let k = 1; k <= 2; k++) buffer += `<node id="${id + k}" lat="${y.toFixed(7)}" lon="${(x + (k * dx) / 3 + wobble).toFixed(7)}"/>\n`;
      for (let k = 1; k <= 2; k++) buffer += `<node id="${id + 2 + k}" lat="${(y + (k * dy) / 3 + wobble).toFixed(7)}" lon="${x.toFixed(7)}"/>\n`;
      if (buffer.length > 1 << 20) {
        await write(buffer);
        buffer = "";
      }
    }
  }
  let wayId = 1;
  const classFor = (r: number) => (r % 50 === 25 ? ["motorway", `M${r / 50 + 0.5}`] : r % 10 === 5 ? ["trunk", `A${r}`] : r % 5 === 0 ? ["primary", ""] : r % 2 ? ["secondary", ""] : ["residential", ""]);
  for (let r = 0; r < side; r++) {
    for (let c = 0; c < side; c++) {
      const id = at(r, c);
      if (c + 1 < side) {
        const [highway, ref] = classFor(r);
        const tags = `<tag k="highway" v="${highway}"/>${ref ? `<tag k="ref" v="${ref}"/><tag k="oneway" v="no"/>` : ""}<tag k="name" v="Row ${r}${variant ? " Road" : ""}"/>`;
        buffer += `<way id="${wayId++}"><nd ref="${id}"/><nd ref="${id + 1}"/><nd ref="${id + 2}"/><nd ref="${at(r, c + 1)}"/>${tags}</way>\n`;
      }
      if (r + 1 < side) {
        const [highway] = classFor(c);
        buffer += `<way id="${wayId++}"><nd ref="${id}"/><nd ref="${id + 3}"/><nd ref="${id + 4}"/><nd ref="${at(r + 1, c)}"/><tag k="highway" v="${highway === "motorway" ? "primary" : highway}"/><tag k="name" v="Column ${c}"/></way>\n`;
      }
      if (buffer.length > 1 << 20) {
        await write(buffer);
        buffer = "";
      }
    }
  }
  await write(`${buffer}</osm>\n`);
  await new Promise<void>((resolve) => out.end(() => resolve()));
  console.log(`  ${path}: ${(wayId - 1).toLocaleString("en-GB")} ways, ${(side * side * 5).toLocaleString("en-GB")} nodes, ${(statSync(path).size / 1e6).toFixed(0)} MB`);
}

interface Figures {
  features: number;
  seconds: number;
  swap: number;
  peakMb: number;
  changes: string;
}

/** Runs the importer as its own process (node, not the tsx wrapper) and reads its summary. */
/** Search latencies (ms) seen while the import ran, split by whether its swap transaction was open. */
const during = { swap: [] as number[], rest: [] as number[] };
let swapping = false;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

async function importOnce(file: string, probe?: () => Promise<number>): Promise<Figures> {
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "geo/import/cli.ts", "osm", file, "--country", "GB"], { env: { ...process.env, DATABASE_URL: url.toString() }, stdio: ["ignore", "pipe", "inherit"] });
  let output = "";
  let probing = true;
  const probes = (async () => {
    while (probing && probe) {
      const inSwap = swapping;
      const ms = await probe();
      (inSwap && swapping ? during.swap : during.rest).push(ms);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  child.stdout.on("data", (d: Buffer) => {
    output += d.toString();
    if (d.toString().includes("Swapping the new data in")) swapping = true;
    if (d.toString().includes("Updating planner statistics")) swapping = false;
    process.stdout.write(d);
  });
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  probing = false;
  await probes;
  if (code !== 0) throw new Error(`import failed (${code})`);
  const seconds = (performance.now() - started) / 1000;
  const features = Number(/([\d,]+) features read/.exec(output)?.[1].replace(/,/g, "") ?? 0);
  return {
    features,
    seconds,
    swap: Number(/swap ([\d.]+) s/.exec(output)?.[1] ?? NaN),
    // The importer's and osmium's together (geo/import/memory.ts): "Peak memory: 1,005 MB at most (importer 275 MB, osmium 730 MB)".
    peakMb: Number(/Peak memory: ([\d,]+) MB/.exec(output)?.[1].replace(/,/g, "") ?? NaN),
    changes: output.split("Changes:")[1]?.split("\n").filter((l) => l.includes("routing_edges"))[0]?.trim() ?? "",
  };
}

async function main() {
  mkdirSync(dir, { recursive: true });
  console.log(`Machine: ${cpus().length} cores, load average ${load()} (other work on the machine slows every figure)`);
  const adminUrl = new URL(base);
  adminUrl.pathname = "/postgres";
  const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => undefined });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.unsafe(`CREATE DATABASE ${dbName}`);
  await admin.end();
  spawnSync(process.execPath, ["--import", "tsx", "db/migrate.ts"], { env: { ...process.env, DATABASE_URL: url.toString() }, stdio: "inherit" });

  console.log(`Writing a synthetic extract of ${WAYS.toLocaleString("en-GB")} ways`);
  const pbfs: string[] = [];
  for (const variant of [0, 1]) {
    const xml = join(dir, `grid-${variant}.osm`);
    await writeExtract(xml, WAYS, variant);
    const pbf = `${xml}.pbf`;
    const converted = spawnSync("osmium", ["cat", xml, "-o", pbf, "--overwrite"], { stdio: "inherit" });
    if (converted.status !== 0) throw new Error("osmium cat failed (apt-get install osmium-tool)");
    pbfs.push(pbf);
  }

  console.log(`\nFirst import (empty database), load average ${load()}`);
  const first = await importOnce(pbfs[0]);

  const { sql, close } = connect(url.toString(), { max: 2 });
  const engine = createPgRoutingEngine(sql);
  const [road] = await sql<{ slug: string }[]>`SELECT slug FROM roads WHERE motorway ORDER BY id LIMIT 1`;
  const probe = async () => {
    const t = performance.now();
    await search(sql, engine, parseFilters({ searchType: "road", roadSlug: road.slug, roadCountry: "united-kingdom" }));
    await sql`SELECT id FROM routing_vertices ORDER BY geom <-> ST_SetSRID(ST_MakePoint(-1.5, 52.5), 4326) LIMIT 1`;
    return performance.now() - t;
  };
  console.log(`\nSecond import (every edge's geometry changed) while a client browses the ${road.slug} road; load average ${load()}`);
  const second = await importOnce(pbfs[1], probe);
  await close();

  console.log(`\nResults (${WAYS.toLocaleString("en-GB")} ways; load average ${load()} on ${cpus().length} cores)`);
  for (const [name, f] of [["first import", first], ["second import", second]] as const) {
    console.log(`  ${name.padEnd(14)} ${f.features.toLocaleString("en-GB")} features (${WAYS.toLocaleString("en-GB")} ways) in ${f.seconds.toFixed(0)} s = ${Math.round(f.features / f.seconds).toLocaleString("en-GB")} features/s; peak memory ${f.peakMb} MB; swap ${f.swap.toFixed(2)} s (${f.changes})`);
  }
  const line = (name: string, v: number[]) => `  searches ${name}: ${v.length}, p50 ${percentile(v, 50).toFixed(0)} ms, p95 ${percentile(v, 95).toFixed(0)} ms, longest ${Math.max(...v).toFixed(0)} ms`;
  console.log(line("while the swap transaction was open", during.swap));
  console.log(line("during the rest of the import", during.rest));
  console.log("  (searches read the old rows while the swap runs: it never blocks them; the longest wait is the machine's load)");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

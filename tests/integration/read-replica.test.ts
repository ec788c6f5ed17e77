import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../bench/server";
import { testDatabaseUrl } from "../support/database";

// DATABASE_REPLICA_URL: a streaming replica of the project's own cluster (pg_basebackup into a
// second data directory, started on a second port) serves the search reads; they keep working
// while it lags (replay paused) and fall back to the primary when it is down.
const PG_BIN = "/usr/lib/postgresql/15/bin";
const primaryUrl = new URL(testDatabaseUrl());
const dataDir = join(tmpdir(), `pawroute-replica-${process.pid}-${Date.now()}`);
let replicaUrl = "";
let primary: postgres.Sql;
let replica: postgres.Sql;
const SLUG = `replica-test-${process.pid}`;
// A corner of the map the demo data leaves empty (Finland), so the search finds only the test's listing.
const POINT = { lat: 63.1, lng: 27.6 };

/** Runs a PostgreSQL tool as the postgres user (the server refuses to run as root). */
function pgTool(tool: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  const result = asRoot ? spawnSync("runuser", ["-u", "postgres", "--", join(PG_BIN, tool), ...args], { encoding: "utf8" }) : spawnSync(join(PG_BIN, tool), args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.stdout}`);
  return result.stdout;
}

async function waitFor(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 200; i++) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The app's search read path (app/db.server.ts onReplica), set up from the environment as the server is. */
async function appSearch(): Promise<number[]> {
  const { onReplica } = await import("../../app/db.server");
  const { appRoutingEngine } = await import("../../app/geo.server");
  const { parseFilters, search } = await import("../../geo/search");
  const filters = parseFilters({ searchType: "location", location: `${POINT.lat},${POINT.lng}`, distance: 1 });
  const response = await onReplica((pool) => search(pool, appRoutingEngine(pool), filters));
  return response.results.map((r) => r.location.id);
}

beforeAll(async () => {
  const port = await freePort();
  pgTool("pg_basebackup", ["-h", primaryUrl.hostname, "-p", primaryUrl.port, "-U", "postgres", "-D", dataDir, "-R", "-X", "stream", "-c", "fast"]);
  pgTool("pg_ctl", ["-D", dataDir, "-l", join(dataDir, "replica.log"), "-w", "-t", "120", "-o", `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c hot_standby=on -c shared_buffers=32MB`, "start"]);
  const url = new URL(primaryUrl);
  url.port = String(port);
  replicaUrl = url.toString();
  primary = postgres(primaryUrl.toString(), { max: 2, onnotice: () => undefined });
  replica = postgres(replicaUrl, { max: 2, onnotice: () => undefined });
  process.env.DATABASE_REPLICA_URL = replicaUrl;
  process.env.SESSION_SECRET ??= "e2e-only-session-secret-0123456789abcdef";
}, 300_000);

afterAll(async () => {
  if (primary) await primary`DELETE FROM listings WHERE slug = ${SLUG}`.catch(() => undefined);
  const { closeDatabase } = await import("../../app/db.server");
  await closeDatabase();
  await replica?.end({ timeout: 1 });
  await primary?.end({ timeout: 1 });
  try {
    pgTool("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
  } catch {
    // Already stopped by the last test.
  }
  rmSync(dataDir, { recursive: true, force: true });
}, 120_000);

describe("read replica", () => {
  it("is a streaming replica of the project's cluster", async () => {
    const [{ recovery }] = await replica<{ recovery: boolean }[]>`SELECT pg_is_in_recovery() AS recovery`;
    expect(recovery).toBe(true);
    await waitFor(async () => (await primary`SELECT count(*)::int AS n FROM pg_stat_replication WHERE state = 'streaming'`)[0].n > 0, "streaming");
  });

  it("serves the searches, and they keep working while it lags", async () => {
    expect(await appSearch()).toEqual([]);
    // Lag: the replica stops replaying; the primary takes a new listing.
    await replica`SELECT pg_wal_replay_pause()`;
    const [{ id }] = await primary<{ id: number }[]>`
      INSERT INTO listings (slug, type_id, walk_type, title, full_title, country_id, status, location)
      VALUES (${SLUG}, 2, 'dog-friendly-pub', 'Replica test', 'Replica test', (SELECT id FROM countries WHERE slug = 'france'), 2,
              ST_SetSRID(ST_MakePoint(${POINT.lng}, ${POINT.lat}), 4326)::geography)
      RETURNING id`;
    // The app's search answers from the lagging replica (without the new listing); the primary has it.
    expect(await appSearch()).toEqual([]);
    const onPrimary = await primary<{ id: number }[]>`SELECT id FROM listings WHERE slug = ${SLUG}`;
    expect(onPrimary.map((r) => r.id)).toEqual([id]);
    // Replay again: the replica catches up and the search finds it.
    await replica`SELECT pg_wal_replay_resume()`;
    await waitFor(async () => (await appSearch()).includes(id), "the replica to catch up");
    expect(await appSearch()).toEqual([id]);
  });

  it("falls back to the primary when the replica is down", async () => {
    pgTool("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
    const ids = await appSearch();
    const [{ id }] = await primary<{ id: number }[]>`SELECT id FROM listings WHERE slug = ${SLUG}`;
    expect(ids).toEqual([id]);
  });
});

// Operations on a server of its own (the production build, started here with METRICS_TOKEN): /metrics
// labels each request with the id of the Remix route that answered it and shows the pool and the job
// queue; SIGTERM lets a request in flight finish before the process exits. It needs no browser, so it
// runs once (js project only). docs/decisions/0161-metrics-route-ids.md, 0162-graceful-shutdown.md.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { createServer } from "node:net";
import { database } from "./support/accounts";
import { expect, test } from "./fixtures";

const METRICS_TOKEN = "ops-test-metrics-token-0123456789";
/** Its own job queue, so this server's worker never takes the e2e server's mail. */
/**
 * The default queue, which nothing in the e2e run uses. It must exist already (the unit and integration
 * tests, or any earlier start, create it): making a queue schema announces a graphile-worker migration,
 * on which every worker on the database, the e2e server's too, shuts down.
 */
const QUEUE_SCHEMA = "graphile_worker";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

let child: ChildProcess | undefined;
let base: string;
let port: number;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const [queue] = await database()<{ ready: boolean }[]>`SELECT to_regclass(${`${QUEUE_SCHEMA}._private_jobs`}) IS NOT NULL AS ready`;
  // npm test's vitest stage creates it; creating it here would stop every other worker on this database.
  expect(queue.ready, `No ${QUEUE_SCHEMA} schema yet: run \`npx vitest run tests/integration/auth-mail.test.ts\` (or npm start) once first`).toBe(true);
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ["build/entry/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:55432/pawroute_test",
      SESSION_SECRET: process.env.SESSION_SECRET ?? "e2e-only-session-secret-0123456789abcdef",
      COOKIE_SECURE: "false",
      MAIL_CATCHER_PORT: "0",
      METRICS_TOKEN,
      JOB_QUEUE_SCHEMA: QUEUE_SCHEMA,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await expect
    .poll(async () => (await fetch(`${base}/healthz`).catch(() => null))?.status ?? 0, { timeout: 60_000, intervals: [250] })
    .toBe(200);
});

test.afterAll(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
});

async function scrape(): Promise<string> {
  const response = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.status).toBe(200);
  return response.text();
}

/** GET, read to the end (a response is counted once it has been sent in full). */
async function get(path: string): Promise<number> {
  const response = await fetch(`${base}${path}`, { redirect: "manual" });
  await response.arrayBuffer();
  return response.status;
}

/** The value of the first sample of `name` whose labels include all of `labels` (null when there is none). */
function sample(body: string, name: string, labels: Record<string, string>): number | null {
  for (const line of body.split("\n")) {
    const match = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = Object.fromEntries([...match[2].matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (Object.entries(labels).every(([key, value]) => has[key] === value)) return Number(match[3]);
  }
  return null;
}

test("/metrics needs the token, and counts each request under the id of the route that answered it", async () => {
  for (const headers of [{}, { Authorization: "Bearer wrong-token-0123456789abcdef" }] as Record<string, string>[]) {
    expect((await fetch(`${base}/metrics`, { headers })).status).toBe(404);
  }
  const before = await scrape();
  const count = (body: string, route: string, status: string) => sample(body, "pawroute_http_request_duration_seconds_count", { method: "GET", route, status }) ?? 0;

  // A page, the same page's data as a client-side navigation fetches it, a splat route, the not-found route.
  expect(await get("/account/login/forgotten")).toBe(200);
  expect(await get("/account/login/forgotten.data")).toBe(200);
  expect(await get("/no-such-page/at-all")).toBe(404);
  expect(await get("/account/settings/password")).toBe(302);

  const after = await scrape();
  expect(count(after, "account/login/forgotten", "200") - count(before, "account/login/forgotten", "200")).toBe(2);
  expect(count(after, "not-found", "404") - count(before, "not-found", "404")).toBe(1);
  // The settings page's own id, not its layout's (whose guard answered).
  expect(count(after, "account/settings/password", "302") - count(before, "account/settings/password", "302")).toBe(1);
  // Probes and files are labelled as such, never as a route.
  expect(count(after, "/healthz", "200")).toBeGreaterThan(0);
  expect(sample(after, "pawroute_http_request_duration_seconds_bucket", { route: "account/login/forgotten", le: "+Inf" })).not.toBeNull();

  // The pool: the scrape's own query is at least one active connection of this process.
  expect(sample(after, "pawroute_db_pool_connections", { state: "active" })).toBeGreaterThanOrEqual(1);
  expect(Number(/^pawroute_db_pool_max_connections\{worker="0"\} (\d+)$/m.exec(after)?.[1])).toBeGreaterThan(0);
});

test("/metrics shows the job queue's depth and the jobs that failed", async () => {
  const sql = database();
  // The counter is the process's since it started (other tests may have failed a mail already), and the
  // queue's gauges are read at most every 250 ms: so the test waits for this job's failure on top of the
  // count before, and for a read of the queue made after its jobs were added.
  const failedBefore = sample(await scrape(), "pawroute_jobs_total", { task: "send-mail", outcome: "failed" }) ?? 0;
  const [later] = await sql<{ id: string }[]>`SELECT id::text FROM ${sql(QUEUE_SCHEMA)}.add_job('cleanup', run_at := now() + interval '1 hour')`;
  // A mail job without a message fails at once, and with max_attempts 1 it has failed for good.
  const [broken] = await sql<{ id: string }[]>`SELECT id::text FROM ${sql(QUEUE_SCHEMA)}.add_job('send-mail', '{}'::json, max_attempts := 1)`;
  try {
    await expect
      .poll(
        async () => {
          const body = await scrape();
          return {
            "this mail job failed": (sample(body, "pawroute_jobs_total", { task: "send-mail", outcome: "failed" }) ?? 0) > failedBefore,
            "a cleanup job waits": (sample(body, "pawroute_job_queue_depth", { task: "cleanup" }) ?? 0) >= 1,
            "a failed mail job is kept": (sample(body, "pawroute_job_queue_failed", { task: "send-mail" }) ?? 0) >= 1,
          };
        },
        { timeout: 20_000 },
      )
      .toEqual({ "this mail job failed": true, "a cleanup job waits": true, "a failed mail job is kept": true });
  } finally {
    await sql`DELETE FROM ${sql(QUEUE_SCHEMA)}._private_jobs WHERE id IN (${later.id}, ${broken.id})`;
  }
});

test("SIGTERM stops taking connections, lets the request in flight finish, then exits 0", async () => {
  const body = "email=drain%40e2e.pawroute.test&password=not-the-password";
  const inFlight = httpRequest({
    host: "127.0.0.1",
    port,
    method: "POST",
    path: "/account/login/",
    // 100-continue: the server answers "continue" once it has read the headers, so the request is
    // being handled (not an idle connection) before the signal is sent.
    headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body), Expect: "100-continue" },
  });
  const response = once(inFlight, "response") as Promise<[IncomingMessage]>;
  inFlight.flushHeaders();
  await once(inFlight, "continue");

  const server = child;
  if (!server) throw new Error("the server did not start");
  const exited = once(server, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
  server.kill("SIGTERM");
  // New connections are refused while the request in flight is still open.
  await expect.poll(async () => (await fetch(`${base}/healthz`).then(() => "answered", () => "refused")), { timeout: 15_000 }).toBe("refused");
  expect(server.exitCode).toBeNull();

  inFlight.end(body);
  const [answer] = await response;
  const text = await new Promise<string>((resolve) => {
    let data = "";
    answer.on("data", (chunk: Buffer) => (data += chunk.toString()));
    answer.on("end", () => resolve(data));
  });
  expect(answer.statusCode).toBeGreaterThanOrEqual(200);
  expect(answer.statusCode).toBeLessThan(500);
  expect(text.length).toBeGreaterThan(0);
  const [code, signal] = await exited;
  expect({ code, signal }).toEqual({ code: 0, signal: null });
});

import { spawnSync } from "node:child_process";
import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverCommand } from "../support/production-build";

// Bad configuration stops the set-up and the server with one clear line, not a stack trace. The server is
// the production bundle `npm start` runs when the build is fresh, else server.ts through tsx (decision 0352).
function run(command: string, args: string[], env: Record<string, string | undefined>) {
  const result = spawnSync(command, args, { encoding: "utf8", env: { ...process.env, ...env }, timeout: 60_000 });
  const lines = result.stderr.split("\n").filter((line) => line.trim() && !line.includes("npm warn"));
  return { status: result.status, lines, stdout: result.stdout };
}

describe("bad configuration", () => {
  let busy: Server;
  let busyPort = 0;
  let server: Awaited<ReturnType<typeof serverCommand>>;
  beforeAll(async () => {
    server = await serverCommand();
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
    const address = busy.address();
    busyPort = typeof address === "object" && address ? address.port : 0;
  });
  afterAll(() => new Promise<void>((resolve) => busy.close(() => resolve())));

  it("a malformed DATABASE_URL stops `npm run db:url` with one line", () => {
    const { status, lines } = run("node", ["scripts/db.mjs", "url"], { DATABASE_URL: "not a url" });
    expect(status).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("DATABASE_URL is not a valid URL");
  });

  it("a DATABASE_URL for another kind of database is refused", () => {
    const { status, lines } = run("node", ["scripts/db.mjs", "url"], { DATABASE_URL: "mysql://user@localhost/pawroute" });
    expect(status).toBe(1);
    expect(lines).toEqual([expect.stringContaining("DATABASE_URL must start with postgres:// or postgresql://")]);
  });

  it("a port in use stops `npm start` before anything else, with what to do", () => {
    const { status, lines } = run("node", ["scripts/start.mjs"], { PORT: String(busyPort) });
    expect(status).toBe(1);
    expect(lines).toEqual([expect.stringContaining(`Port ${busyPort} is already in use`)]);
  });

  it("a malformed PORT stops `npm start` with one line", () => {
    const { status, lines } = run("node", ["scripts/start.mjs"], { PORT: "eighty" });
    expect(status).toBe(1);
    expect(lines).toEqual([expect.stringContaining("PORT must be a number from 1 to 65535")]);
  });

  it("the server refuses a missing session secret and a bad database URL with one line each", () => {
    const noSecret = run(server.command, server.args, { SESSION_SECRET: "", NODE_ENV: "production", PORT: "3999" });
    expect(noSecret.status).toBe(1);
    expect(noSecret.lines).toEqual([expect.stringContaining("SESSION_SECRET")]);
    const badUrl = run(server.command, server.args, { DATABASE_URL: "definitely not a url", SESSION_SECRET: "x".repeat(40), NODE_ENV: "production" });
    expect(badUrl.status).toBe(1);
    expect(badUrl.lines).toHaveLength(1);
    expect(badUrl.lines[0]).toContain("DATABASE_URL");
  });

  it("an unreachable database stops the server with one line saying what to do", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const address = closed.address();
    const closedPort = typeof address === "object" && address ? address.port : 1;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { status, lines } = run(server.command, server.args, {
      DATABASE_URL: `postgres://postgres@127.0.0.1:${closedPort}/nowhere`,
      SESSION_SECRET: "x".repeat(40),
      NODE_ENV: "production",
      PORT: "3999",
    });
    expect(status).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("Cannot reach the database");
  });
});

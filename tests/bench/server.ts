// The production server, started by a benchmark on a free port against a given database.
import { spawn } from "node:child_process";
import { createServer } from "node:net";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The environment the app runs with in a benchmark: the production build against `databaseUrl`. */
export function appEnv(databaseUrl: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    COOKIE_SECURE: "false",
    MAIL_CATCHER_PORT: "0",
    // Benchmarks speak for many visitors through X-Forwarded-For (as a proxy in front would).
    TRUST_PROXY: "true",
    SESSION_SECRET: process.env.SESSION_SECRET ?? "bench-only-session-secret-0123456789abcdef",
  };
}

/**
 * Starts `server.ts` as one process (so its RSS is the app's), or `cluster.ts` (one worker per
 * core, as npm start runs it), and waits for /healthz.
 */
export async function startServer(port: number, databaseUrl: string, entry: "server.ts" | "cluster.ts" = "server.ts", extraEnv: Record<string, string> = {}): Promise<{ base: string; pid: number; stop: () => void }> {
  const child = spawn(process.execPath, [`build/entry/${entry.replace(/\.ts$/, ".js")}`], {
    env: { ...appEnv(databaseUrl), PORT: String(port), ...extraEnv },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, pid: child.pid ?? 0, stop: () => child.kill("SIGTERM") };
    } catch {
      // The server is not listening yet: wait and try again.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGTERM");
  throw new Error("the server did not answer /healthz within 30 s");
}

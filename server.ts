// The HTTP server: Remix behind Express. Our own entry (not remix-serve) so that Ctrl-C and SIGTERM
// close the connection pool and the process exits (STACK-NOTES gotcha 5).
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { closeDatabase, database } from "./app/db.server";
import { ConfigError, getEnv } from "./app/env.server";

function stop(message: string): never {
  process.stderr.write(`\u001b[31m✖ ${message}\u001b[0m\n`);
  process.exit(1);
}

let env;
try {
  env = getEnv();
} catch (error) {
  if (error instanceof ConfigError) stop(error.message);
  throw error;
}

try {
  await database().sql`SELECT 1`;
} catch (error) {
  stop(`Cannot reach the database at ${new URL(env.DATABASE_URL).host}: ${error instanceof Error ? error.message : String(error)}. Is it running? (npm run db:start)`);
}

const production = env.NODE_ENV !== "development";
const vite = production
  ? undefined
  : await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));

const app = express();
app.disable("x-powered-by");
app.use(compression());

if (vite) {
  app.use(vite.middlewares);
} else {
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
  app.use(express.static("build/client", { maxAge: "1h" }));
}

const build = vite
  ? () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>
  : ((await import(new URL("./build/server/index.js", import.meta.url).href)) as ServerBuild);

app.all("*", createRequestHandler({ build, mode: env.NODE_ENV }));

const server = app.listen(env.PORT, () => {
  console.log(`Pawroute is serving on http://localhost:${env.PORT}`);
});
server.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EADDRINUSE") stop(`Port ${env.PORT} is already in use. Stop the other program or set PORT to another port.`);
  stop(`The server could not start: ${error.message}`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing connections…`);
  server.close();
  server.closeIdleConnections();
  await Promise.allSettled([closeDatabase(), vite?.close()]);
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

// The production build for tests that start the server: the bundle `npm start` runs (build/entry/, from
// server.ts and the app) when it is fresh, else server.ts through tsx as `npm run dev` does.
import { existsSync, readFileSync } from "node:fs";
import { buildIsStale } from "../../scripts/lib.mjs";

/**
 * Whether to run the production build: `npm test` builds alongside vitest and names a file it writes when
 * the build is done (PAWROUTE_BUILD_DONE: "ok" or "failed"); run alone, a build newer than every source.
 */
export async function productionBuild(): Promise<boolean> {
  const done = process.env.PAWROUTE_BUILD_DONE;
  if (!done) return !buildIsStale();
  for (let i = 0; i < 1200 && !existsSync(done); i++) await new Promise((resolve) => setTimeout(resolve, 250));
  return existsSync(done) && readFileSync(done, "utf8").trim() === "ok";
}

/**
 * The command that starts one server process: the bundled build/entry/server.js with node (about a quarter of
 * tsx's CPU to start: no transform of every module, decision 0352), else server.ts through tsx.
 */
export async function serverCommand(): Promise<{ command: string; args: string[] }> {
  const built = await productionBuild();
  return built ? { command: process.execPath, args: ["build/entry/server.js"] } : { command: "node_modules/.bin/tsx", args: ["server.ts"] };
}

import type { ManualChunkMeta } from "rollup";
import type { Plugin } from "vite";

/** The results list's route modules (remix.config.js), one module per kind of search. */
const RESULTS_ROUTES = ["/app/routes/public/results.tsx", "/app/routes/public/results/"];
/** The map view of the same results: it loads the list's chunks, and its own map code apart. */
const MAP_ROUTE = "/app/routes/public/map-results.tsx";
/** What every page loads: the browser entry and the root layout. */
const SHELL_ENTRIES = ["/app/entry.client.tsx", "/app/root.tsx"];
const ROUTE_QUERY = "?__remix-build-client-route";
/** Code the results pages share with more pages than this joins the shell (see below). */
export const WIDELY_SHARED = 12;

type Chunk = "shell" | "search" | "results";

/** Every module an entry imports, directly or through others, without import(): what loads with it. */
function staticClosure(entry: string, meta: ManualChunkMeta): Set<string> {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of meta.getModuleInfo(id)?.importedIds ?? []) stack.push(next);
  }
  return seen;
}

/** The chunk each module of the shell and of the results pages goes to; the rest is Rollup's to split. */
export function assignChunks(meta: ManualChunkMeta): Map<string, Chunk> {
  const ids = [...meta.getModuleIds()];
  const bare = (id: string) => id.replace(ROUTE_QUERY, "");
  const isShell = (id: string) => SHELL_ENTRIES.some((entry) => bare(id).endsWith(entry));
  const isResults = (id: string) => RESULTS_ROUTES.some((route) => bare(id).includes(route));
  const routes = ids.filter((id) => id.endsWith(ROUTE_QUERY));
  const assigned = new Map<string, Chunk>();
  for (const entry of ids.filter(isShell)) for (const id of staticClosure(entry, meta)) assigned.set(id, "shell");
  const results = new Set<string>();
  for (const entry of routes.filter(isResults)) for (const id of staticClosure(entry, meta)) if (!assigned.has(id)) results.add(id);
  // How many other pages load each of the results pages' modules.
  const users = new Map<string, number>();
  for (const entry of routes.filter((id) => !isResults(id) && !isShell(id) && !bare(id).endsWith(MAP_ROUTE)))
    for (const id of staticClosure(entry, meta)) if (results.has(id)) users.set(id, (users.get(id) ?? 0) + 1);
  for (const id of results) {
    const count = users.get(id) ?? 0;
    assigned.set(id, count === 0 ? "results" : count > WIDELY_SHARED ? "shell" : "search");
  }
  return assigned;
}

/**
 * The browser build's chunks (docs/decisions/0321). Left to itself, Rollup makes one chunk per set of
 * pages that share a module: the results page loaded 42 files, most under 1 KB gzipped, each
 * compressed alone (gzip had no shared dictionary) and each a request on a phone's slow network. Here:
 * - "shell": what every page loads (the browser entry, the root layout and their imports, the
 *   framework with them), and the results pages' code that more than a dozen other pages load too;
 * - "search": the results pages' code that a few other pages share (place fields, cards, search URLs);
 * - "results": the code only the results pages load (the map view loads it too, with its map code apart);
 * - the rest (other pages' code, and everything loaded on demand by import()) as Rollup splits it.
 * Rollup puts a manual chunk's unassigned static imports in the same chunk, so every module the
 * results pages load statically is assigned here, or it would drag other pages into "results".
 * The server build is left alone.
 */
export function clientChunks(): Plugin {
  let chunks: Map<string, Chunk> | null = null;
  return {
    name: "pawroute-client-chunks",
    apply: "build",
    buildStart() {
      chunks = null;
    },
    config: (_config, { isSsrBuild }) =>
      isSsrBuild
        ? null
        : {
            build: {
              rollupOptions: {
                output: {
                  manualChunks(id, meta) {
                    // Route modules and the browser entry stay entries of their own (Remix's manifest names them).
                    if (id.endsWith(ROUTE_QUERY) || id.endsWith("/app/entry.client.tsx")) return undefined;
                    chunks ??= assignChunks(meta);
                    return chunks.get(id);
                  },
                },
              },
            },
          },
  };
}

import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build, type Rollup } from "vite";
import { beforeAll, describe, expect, it } from "vitest";

// Issue 52's budget: the JavaScript the results page loads before any import(), gzipped, at most 70 KB
// (decision 0321). A size, so it is asserted (speed figures are printed by `npm run bench:vitals`).
// It builds the browser's code as `npm run build` does (the app's vite.config.ts, production), in memory:
// the build directory may be being rebuilt beside this test (`npm test` runs the build alongside vitest).
// Counted as scripts/bundle-size.mjs and Remix's manifest count it: the browser entry, then each route of
// the page's chain (root → public layout → the page) with the chunks it imports statically, gzip -9.
const root = fileURLToPath(new URL("../..", import.meta.url));
const BUDGET_KB = 70;
const ROUTE = "?__remix-build-client-route";
const CHAIN = ["app/root.tsx", "app/routes/public/layout.tsx"];
const PAGES = { "route results": "app/routes/public/results/route.tsx", "location results": "app/routes/public/results/location.tsx" };

let chunks: Rollup.OutputChunk[] = [];

beforeAll(async () => {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production"; // as `npm run build` runs (vitest sets "test")
  try {
    const result = await build({ root, configFile: `${root}vite.config.ts`, mode: "production", logLevel: "silent", build: { write: false } });
    const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
    chunks = outputs.flatMap((output) => output.output).filter((item): item is Rollup.OutputChunk => item.type === "chunk");
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}, 600_000);

function chunkOf(module: string): Rollup.OutputChunk {
  const found = chunks.find((chunk) => chunk.isEntry && (chunk.facadeModuleId === `${root}${module}` || chunk.facadeModuleId === `${root}${module}${ROUTE}`));
  if (!found) throw new Error(`no entry chunk for ${module}`);
  return found;
}

/** The chunks a page loads before any import(): each entry of its chain and what it imports statically. */
function firstJavascript(page: string): Rollup.OutputChunk[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Map<string, Rollup.OutputChunk>();
  const stack = ["app/entry.client.tsx", ...CHAIN, page].map(chunkOf);
  while (stack.length) {
    const chunk = stack.pop()!;
    if (files.has(chunk.fileName)) continue;
    files.set(chunk.fileName, chunk);
    for (const name of chunk.imports) stack.push(byName.get(name)!);
  }
  return [...files.values()];
}

const gzippedKb = (files: Rollup.OutputChunk[]) => files.reduce((sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).length, 0) / 1024;

describe("the results page's first JavaScript (issue 52)", () => {
  for (const [name, page] of Object.entries(PAGES)) {
    it(`${name}: at most ${BUDGET_KB} KB gzipped, without the map`, () => {
      const files = firstJavascript(page);
      const kb = gzippedKb(files);
      console.log(`${name}: ${kb.toFixed(1)} KB gzipped in ${files.length} files (${files.map((chunk) => chunk.fileName).join(", ")})`);
      expect(kb).toBeLessThanOrEqual(BUDGET_KB);
      // The framework is in it (the count is of the real page, not of a part of it)…
      expect(files.some((chunk) => Object.keys(chunk.modules).some((id) => id.includes("/node_modules/preact/")))).toBe(true);
      // …and what loads on demand is not: the map (MapLibre), the filter form, a member's favourite toggle.
      const modules = files.flatMap((chunk) => Object.keys(chunk.modules));
      for (const lazy of ["app/components/map/map-engine.ts", "maplibre-gl", "app/components/search/FilterPanel.tsx", "app/components/listing/MemberFavourite.tsx", "app/components/map/MapModal.tsx"])
        expect(modules.filter((id) => id.includes(lazy))).toEqual([]);
    });
  }
});

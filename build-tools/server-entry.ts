// After the Remix server build, bundles the production entries (server.ts, cluster.ts and the app
// modules they import) into build/entry/ as plain JavaScript, so `npm start` runs them with node
// alone: under tsx each process carried its loader thread and transform caches, over half its resident
// memory (docs/decisions/0174). Packages stay external, read from node_modules.
import { build, type Plugin } from "vite";

const ENTRY_DIR = "build/entry";

export function serverEntry(): Plugin {
  let ssrBuild = false;
  return {
    name: "pawroute-server-entry",
    apply: "build",
    configResolved(config) {
      ssrBuild = Boolean(config.build.ssr);
    },
    async closeBundle() {
      // Remix builds the client, then the server: the entries follow the server build.
      if (!ssrBuild) return;
      await bundleEntries({ server: "server.ts", cluster: "cluster.ts" }, ENTRY_DIR, "js");
    },
  };
}

/**
 * Bundles entries (name → source file) into `outDir` as plain JavaScript that node runs alone, packages
 * external: the production entries, and the cluster tests' fixtures (tests/support/bundle-fixture.ts).
 */
export async function bundleEntries(input: Record<string, string>, outDir: string, extension: "js" | "mjs"): Promise<void> {
  await build({
    configFile: false,
    publicDir: false,
    logLevel: "warn",
    build: {
      ssr: true,
      target: "node20",
      outDir,
      emptyOutDir: true,
      minify: false,
      rollupOptions: { input, output: { format: "esm", entryFileNames: `[name].${extension}`, chunkFileNames: `[name]-[hash].${extension}` } },
    },
  });
}

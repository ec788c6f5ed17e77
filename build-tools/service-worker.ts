// The service worker: app/offline/worker/sw.ts bundled with esbuild into one classic script served
// from the site's root as /sw.js (a worker's scope is its own folder, so not under /assets/). The
// client build writes build/client/sw.js; `npm run dev` builds it on request. Its bytes change with
// its code, which is what makes browsers install a new version (docs/decisions/0280-offline.md).
import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { build, type Plugin, type Rollup } from "vite";

const ENTRY = "app/offline/worker/sw.ts";

export async function buildServiceWorker(): Promise<string> {
  const result = await build({
    configFile: false,
    publicDir: false,
    logLevel: "warn",
    build: {
      write: false,
      target: "es2020",
      minify: true,
      lib: { entry: resolve(ENTRY), formats: ["iife"], name: "pawrouteServiceWorker", fileName: () => "sw.js" },
    },
  });
  const [output] = Array.isArray(result) ? result : [result];
  if (!("output" in output)) throw new Error("The service worker build did not run once.");
  const chunk = output.output.find((file): file is Rollup.OutputChunk => file.type === "chunk");
  if (!chunk) throw new Error("The service worker build produced no script.");
  return chunk.code;
}

export function serviceWorker(): Plugin {
  let outDir = "";
  let ssrBuild = false;
  return {
    name: "pawroute-service-worker",
    configResolved(config) {
      ssrBuild = Boolean(config.build.ssr);
      outDir = config.build.outDir;
    },
    configureServer(server) {
      server.middlewares.use("/sw.js", (_req, res, next) => {
        buildServiceWorker().then((code) => {
          res.setHeader("Content-Type", "text/javascript; charset=utf-8");
          res.setHeader("Cache-Control", "no-cache");
          res.end(code);
        }, next);
      });
    },
    async writeBundle() {
      if (ssrBuild) return;
      await writeFile(resolve(outDir, "sw.js"), await buildServiceWorker());
    },
  };
}

import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import { serverEntry } from "./build-tools/server-entry";
import { preact } from "./build-tools/preact";
import { clientChunks } from "./build-tools/client-chunks";
import { serverOnlyGuard } from "./build-tools/server-only-guard";
import { serviceWorker } from "./build-tools/service-worker";
import remixConfig from "./remix.config.js";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  server: { port: 3000 },
  // The gzipped size of every chunk in the build's report: about a second of CPU on each build for a figure
  // nothing reads (scripts/bundle-size.mjs measures the results pages' budget itself).
  build: { reportCompressedSize: false },
  plugins: [
    // Fails the client build when drizzle-orm, postgres or db/ reaches a browser chunk.
    serverOnlyGuard(),
    // The build runs on preact/compat, in the browser and on the server (docs/decisions/0212, 0320).
    preact(),
    // The browser's chunks: one shell, one for the results pages, one they share with a few (docs/decisions/0321).
    clientChunks(),
    // remix.config.js is not read by the Vite plugin on its own: pass the route table and options.
    remix({
      ignoredRouteFiles: remixConfig.ignoredRouteFiles,
      routes: remixConfig.routes,
      future: remixConfig.future,
    }),
    // /sw.js, the offline layer's service worker (app/offline/worker/sw.ts).
    serviceWorker(),
    // Then build/entry/server.js and cluster.js: what `npm start` runs, with node alone.
    serverEntry(),
  ],
});

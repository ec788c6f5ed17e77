import { fileURLToPath } from "node:url";
import { build } from "vite";
import type { Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { preactInTheBrowser } from "../../build-tools/preact-in-the-browser";

// Real Vite (Rollup) builds of a fixture that imports React the way the app does, with the plugin the
// app's vite.config.ts uses: the browser's build gets Preact, the server's keeps React.
const root = fileURLToPath(new URL("../..", import.meta.url));
const entry = `${root}tests/fixtures/client-bundle/hydrates.tsx`;

async function chunk(ssr: boolean): Promise<Rollup.OutputChunk> {
  const result = await build({
    root,
    configFile: false,
    logLevel: "silent",
    plugins: [preactInTheBrowser()],
    esbuild: { jsx: "automatic" },
    build: ssr
      ? { write: false, minify: false, ssr: entry, rollupOptions: { output: { format: "es" } } }
      : { write: false, minify: false, lib: { entry, formats: ["es"], fileName: "out" } },
  });
  const output = (Array.isArray(result) ? result[0] : result) as Rollup.RollupOutput;
  return output.output.find((item): item is Rollup.OutputChunk => item.type === "chunk")!;
}

const fromPackage = (modules: string[], name: string) => modules.filter((id) => id.includes(`/node_modules/${name}/`));

describe("Preact in the browser", () => {
  it("bundles preact/compat, and no React, into the browser's build", async () => {
    const browser = await chunk(false);
    const modules = Object.keys(browser.modules);
    expect(fromPackage(modules, "preact").some((id) => id.includes("/preact/compat/"))).toBe(true);
    expect(fromPackage(modules, "react")).toEqual([]);
    expect(fromPackage(modules, "react-dom")).toEqual([]);
    expect(fromPackage(modules, "scheduler")).toEqual([]);
    // And tells it so (app/components/DocumentRoot.tsx).
    expect(browser.code).toMatch(/renderer = "preact"/);
  });

  it("leaves the server's build on React", async () => {
    const server = await chunk(true);
    expect(server.imports).toEqual(expect.arrayContaining(["react", "react-dom/client"]));
    expect(fromPackage(Object.keys(server.modules), "preact")).toEqual([]);
    expect(server.code).toMatch(/renderer = "react"/);
  });
});

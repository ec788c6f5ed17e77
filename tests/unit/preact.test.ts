import { fileURLToPath } from "node:url";
import { build } from "vite";
import type { Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { packagesThatImportReact, preact } from "../../build-tools/preact";

// Real Vite (Rollup) builds of a fixture that imports React the way the app does, with the plugin the
// app's vite.config.ts uses: the browser's build and the server's both get Preact (decision 0320).
const root = fileURLToPath(new URL("../..", import.meta.url));
const entry = `${root}tests/fixtures/client-bundle/hydrates.tsx`;

async function chunk(ssr: boolean, plugin = preact()): Promise<Rollup.OutputChunk> {
  const result = await build({
    root,
    configFile: false,
    logLevel: "silent",
    plugins: [plugin],
    esbuild: { jsx: "automatic" },
    build: ssr
      ? { write: false, minify: false, ssr: entry, rollupOptions: { output: { format: "es" } } }
      : { write: false, minify: false, lib: { entry, formats: ["es"], fileName: "out" } },
  });
  const output = (Array.isArray(result) ? result[0] : result) as Rollup.RollupOutput;
  return output.output.find((item): item is Rollup.OutputChunk => item.type === "chunk")!;
}

const fromPackage = (modules: string[], name: string) => modules.filter((id) => id.includes(`/node_modules/${name}/`));

describe("Preact in the browser and on the server", () => {
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

  it("maps the server's build to preact/compat, with no import of React left for Node to load", async () => {
    const server = await chunk(true);
    // preact stays external on the server (one copy, loaded by Node, shared with preact-render-to-string).
    expect(server.imports).toEqual(expect.arrayContaining(["preact/compat", "preact/compat/client"]));
    expect(server.imports.filter((id) => /^(react|react-dom|scheduler)(\/|$)/.test(id))).toEqual([]);
    // The server renders <html> itself (app/components/DocumentRoot.tsx): the flag is the browser's only.
    expect(server.code).toMatch(/renderer = "react"/);
  });

  it("leaves the server's build on React with preact({ server: false })", async () => {
    const server = await chunk(true, preact({ server: false }));
    expect(server.imports).toEqual(expect.arrayContaining(["react", "react-dom/client"]));
    expect(fromPackage(Object.keys(server.modules), "preact")).toEqual([]);
  });

  it("finds the packages that import React, which the server's build bundles", () => {
    const found = packagesThatImportReact(root);
    expect(found).toEqual(expect.arrayContaining(["@remix-run/react", "react-router", "react-router-dom", "remix-validated-form"]));
    expect(found).not.toContain("react");
    expect(found).not.toContain("preact");
  });
});

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Plugin } from "vite";

/** React's entry points and the preact/compat modules that stand in for them, in the browser and on the server. */
const REACT_TO_PREACT: Record<string, string> = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  // The server's renderer (app/entry.server.tsx): React's renderToPipeableStream made with Preact.
  "react-dom/server": "/app/render/preact-server.ts",
  "react/jsx-runtime": "preact/compat/jsx-runtime",
  "react/jsx-dev-runtime": "preact/compat/jsx-dev-runtime",
};

/**
 * Bundled on the server from their CommonJS files, the ones Node loaded while they were external: their
 * patches (patches/) change those files only (decision 0191's route-tree caches).
 */
const FROM_COMMONJS = ["@remix-run/react", "react-router-dom"];

/** React's own packages: never bundled, never loaded by the production build. */
const REACT_PACKAGES = new Set(["react", "react-dom", "scheduler"]);

interface PackageJson {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

function packageJson(name: string, from: string): { json: PackageJson; dir: string } | null {
  // Found by walking node_modules rather than require.resolve: some packages do not export package.json.
  let dir = from;
  for (;;) {
    const candidate = join(dir, "node_modules", name, "package.json");
    try {
      return { json: JSON.parse(readFileSync(candidate, "utf8")) as PackageJson, dir: dirname(candidate) };
    } catch {
      const parent = dirname(dir);
      if (parent === dir) return null;
      dir = parent;
    }
  }
}

/**
 * The installed packages that import React (React is a dependency or a peer), found from the project's
 * dependencies down. The server build bundles them, so that their `import "react"` goes through the
 * mapping below too; left external, Node would load React for them at run time.
 */
export function packagesThatImportReact(root: string): string[] {
  const found = new Set<string>();
  const seen = new Set<string>();
  const visit = (name: string, from: string) => {
    const key = `${from}\n${name}`;
    if (seen.has(key) || REACT_PACKAGES.has(name)) return;
    seen.add(key);
    const pkg = packageJson(name, from);
    if (!pkg) return;
    const deps = { ...pkg.json.dependencies, ...pkg.json.optionalDependencies };
    const peers = pkg.json.peerDependencies ?? {};
    if (["react", "react-dom"].some((react) => react in deps || react in peers)) found.add(name);
    for (const dep of Object.keys(deps)) visit(dep, pkg.dir);
  };
  const project = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as PackageJson;
  for (const name of Object.keys(project.dependencies ?? {})) visit(name, root);
  return [...found].sort();
}

/**
 * The production build runs on Preact (through preact/compat) wherever the code imports React: the
 * browser hydrates with it and the server renders with it (docs/decisions/0212, 0320). `npm run dev`
 * keeps React on both sides (the plugin applies to `vite build` only), so fast refresh works.
 * `preact({ server: false })` leaves the server's build on React 18 (and its patch, decision 0206).
 */
export function preact({ server = true }: { server?: boolean } = {}): Plugin {
  let root = process.cwd();
  return {
    name: "pawroute-preact",
    apply: "build",
    enforce: "pre",
    config: (config, { isSsrBuild }) => {
      // The browser's build only: read by app/components/DocumentRoot.tsx.
      if (!isSsrBuild) return { define: { "import.meta.env.PREACT_IN_BROWSER": "true" } };
      if (!server) return null;
      root = config.root ?? process.cwd();
      return {
        ssr: { noExternal: packagesThatImportReact(root) },
        // Their require() of a package left external becomes an import of its ES module namespace.
        build: { commonjsOptions: { esmExternals: true } },
      };
    },
    async resolveId(source, importer, options) {
      if (options?.ssr && !server) return null;
      const target = REACT_TO_PREACT[source];
      if (target) return this.resolve(target, importer, { ...options, skipSelf: true });
      if (options?.ssr && FROM_COMMONJS.some((name) => source === name || source.startsWith(`${name}/`))) {
        try {
          return createRequire(importer ?? join(root, "package.json")).resolve(source);
        } catch {
          return null;
        }
      }
      return null;
    },
  };
}

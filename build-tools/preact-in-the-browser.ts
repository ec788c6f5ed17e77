import type { Plugin } from "vite";

/** React's entry points and the preact/compat modules that stand in for them in the browser. */
const BROWSER_REACT: Record<string, string> = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react/jsx-runtime": "preact/compat/jsx-runtime",
  "react/jsx-dev-runtime": "preact/compat/jsx-dev-runtime",
};

/**
 * The client build uses Preact (through preact/compat) where the code imports React; the server
 * keeps rendering with React, and `npm run dev` keeps React in the browser too (docs/decisions/0212).
 */
export function preactInTheBrowser(): Plugin {
  return {
    name: "pawroute-preact-in-the-browser",
    apply: "build",
    enforce: "pre",
    // The browser's build only: read by app/components/DocumentRoot.tsx.
    config: (_config, { isSsrBuild }) => (isSsrBuild ? null : { define: { "import.meta.env.PREACT_IN_BROWSER": "true" } }),
    async resolveId(source, importer, options) {
      if (options?.ssr) return null;
      const target = BROWSER_REACT[source];
      if (!target) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}

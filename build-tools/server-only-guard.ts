import type { Plugin } from "vite";

/**
 * Modules that must never reach the browser: the database drivers and ORM, and the project's db/
 * folder (tables, client, seed), except db/schema/constants.ts, which holds plain values only.
 * (`*.server.ts` files are refused by the Remix plugin itself.)
 */
const SERVER_ONLY: RegExp[] = [
  /[\\/]node_modules[\\/](drizzle-orm|postgres|pg|@node-rs[\\/]argon2|sharp|nodemailer|graphile-worker|pino|prom-client)[\\/]/,
  /[\\/]db[\\/](?!schema[\\/]constants\.ts$)[^\\/]/,
];

/** Whether a module id (an absolute path, maybe with a query) is server-only. */
export function isServerOnly(id: string, root = ""): boolean {
  const path = id.split("?")[0];
  const relative = root && path.startsWith(root) ? path.slice(root.length) : path;
  return SERVER_ONLY.some((pattern) => pattern.test(relative));
}

/**
 * Fails the client build when a server-only module is part of it, naming who imported it, so a
 * component importing `db/schema` (and with it drizzle-orm) is caught at build time, not by the
 * bundle's size. Server builds (SSR) are left alone.
 */
export function serverOnlyGuard(): Plugin {
  let root = "";
  return {
    name: "pawroute-server-only-guard",
    apply: "build",
    enforce: "pre",
    configResolved(config) {
      root = config.root;
    },
    load(id, options) {
      if (options?.ssr || !isServerOnly(id, root)) return null;
      const importers = this.getModuleInfo(id)?.importers ?? [];
      const via = importers.length ? ` (imported by ${importers.map((i) => i.replace(root, "")).join(", ")})` : "";
      this.error(`Server-only module ${id.replace(root, "")} reached the client bundle${via}. Move what the browser needs into a module without server imports.`);
    },
  };
}

import { fileURLToPath } from "node:url";
import { build } from "vite";
import { describe, expect, it } from "vitest";
import { isServerOnly, serverOnlyGuard } from "../../build-tools/server-only-guard";

// The build check behind "no server code in the browser": a real Vite (Rollup) client build of a
// fixture module, with the guard the app's vite.config.ts uses.
const root = fileURLToPath(new URL("../..", import.meta.url));

function clientBuild(entry: string) {
  return build({
    root,
    configFile: false,
    logLevel: "silent",
    plugins: [serverOnlyGuard()],
    build: { write: false, minify: false, lib: { entry: `${root}tests/fixtures/client-bundle/${entry}`, formats: ["es"], fileName: "out" } },
  });
}

describe("server-only guard", () => {
  it("fails a client build that pulls in db/schema's tables and drizzle-orm", async () => {
    const error = await clientBuild("imports-schema.ts").catch((e: unknown) => e);
    expect(String(error)).toMatch(/Server-only module \/db\/schema\/listings\.ts reached the client bundle/);
    expect(String(error)).toMatch(/imported by tests\/fixtures\/client-bundle\/imports-schema\.ts/);
  });

  it("lets the schema's plain constants through", async () => {
    await expect(clientBuild("imports-constants.ts")).resolves.toBeTruthy();
  });

  it("knows which modules are server-only", () => {
    expect(isServerOnly("/app/node_modules/drizzle-orm/pg-core/index.js")).toBe(true);
    expect(isServerOnly("/app/node_modules/postgres/src/index.js")).toBe(true);
    expect(isServerOnly("/app/db/client.ts", "/app")).toBe(true);
    expect(isServerOnly("/app/db/schema/index.ts", "/app")).toBe(true);
    expect(isServerOnly("/app/db/schema/constants.ts", "/app")).toBe(false);
    expect(isServerOnly("/app/app/components/search/SearchPage.tsx", "/app")).toBe(false);
    expect(isServerOnly("/app/node_modules/postgresql-formatter/index.js")).toBe(false);
  });
});

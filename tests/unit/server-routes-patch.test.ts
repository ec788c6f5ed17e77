import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// patches/@remix-run+react+2.17.5.patch and patches/react-router-dom+6.30.4.patch (decision 0191): the
// server keeps the route tree it renders, and React Router's data routes made from it, per build, instead of
// making both again for every page. These tests render through the CommonJS builds Node loads on the server.
const require = createRequire(import.meta.url);
const React = require("react") as typeof import("react");
const { renderToString } = require("react-dom/server") as typeof import("react-dom/server");
const { RemixServer } = require("@remix-run/react") as typeof import("@remix-run/react");
const { Outlet, UNSAFE_DataRouterContext: DataRouterContext } = require("react-router-dom") as typeof import("react-router-dom");
const { createStaticHandler } = require("@remix-run/router") as typeof import("@remix-run/router");

type Module = { default: () => React.ReactElement };
const seenRoutes: unknown[] = [];

function Root() {
  // The data routes the page was rendered with: kept between pages when the patch is in place.
  seenRoutes.push(React.useContext(DataRouterContext)?.router.routes);
  return React.createElement("main", null, React.createElement(Outlet));
}
const page = (text: string): Module => ({ default: () => React.createElement("p", null, text) });

const manifestRoutes = {
  root: { id: "root", path: "", hasLoader: false, hasAction: false, hasClientLoader: false, hasClientAction: false, hasErrorBoundary: false, module: "/root.js" },
  walks: { id: "walks", parentId: "root", path: "walks", hasLoader: false, hasAction: false, hasClientLoader: false, hasClientAction: false, hasErrorBoundary: false, module: "/walks.js" },
  pubs: { id: "pubs", parentId: "root", path: "pubs", hasLoader: false, hasAction: false, hasClientLoader: false, hasClientAction: false, hasErrorBoundary: false, module: "/pubs.js" },
};
const handler = createStaticHandler([{ id: "root", path: "", children: [{ id: "walks", path: "walks" }, { id: "pubs", path: "pubs" }] }]);

/** One page as Remix's document request renders it: a new route modules object every time, as the server runtime makes. */
async function render(path: string, modules: Record<string, Module>): Promise<string> {
  const url = `http://localhost${path}`;
  const staticHandlerContext = await handler.query(new Request(url));
  if (staticHandlerContext instanceof Response) throw new Error("unexpected response");
  const context = {
    manifest: { routes: manifestRoutes, entry: { module: "/entry.js", imports: [] }, url: "/manifest.js", version: "1" },
    routeModules: { ...modules },
    staticHandlerContext,
    future: { v3_fetcherPersist: false, v3_relativeSplatPath: false, v3_throwAbortReason: false, v3_routeConfig: false, v3_singleFetch: false, v3_lazyRouteDiscovery: false, unstable_optimizeDeps: false },
    isSpaMode: false,
    serverHandoffString: "{}",
    criticalCss: undefined,
    serializeError: (error: Error) => ({ message: error.message }),
    renderMeta: {},
  };
  return renderToString(React.createElement(RemixServer, { context: context as never, url }));
}

describe("the route tree rendered on the server", () => {
  const modules = { root: { default: Root }, walks: page("Walks page"), pubs: page("Pubs page") };

  it("is made once per build and reused for every page, each page still showing its own route", async () => {
    seenRoutes.length = 0;
    expect(await render("/walks", modules)).toContain("Walks page");
    expect(await render("/pubs", modules)).toContain("Pubs page");
    const third = await render("/walks", modules);
    expect(third).toContain("Walks page");
    expect(third).not.toContain("Pubs page");
    expect(seenRoutes).toHaveLength(3);
    expect(seenRoutes[0]).toBeDefined();
    // Unpatched, Remix and React Router make a new tree for every render.
    expect(seenRoutes[1]).toBe(seenRoutes[0]);
    expect(seenRoutes[2]).toBe(seenRoutes[0]);
  });

  it("is made again when a route module changes (a new build in development)", async () => {
    seenRoutes.length = 0;
    await render("/pubs", modules);
    const rebuilt = { ...modules, pubs: page("Pubs page, rebuilt") };
    expect(await render("/pubs", rebuilt)).toContain("Pubs page, rebuilt");
    expect(seenRoutes[1]).not.toBe(seenRoutes[0]);
    // And kept again from then on.
    await render("/walks", rebuilt);
    expect(seenRoutes[2]).toBe(seenRoutes[1]);
  });
});

import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import * as entry from "../../app/entry.server";

// The document renderer's abort timer (app/entry.server.tsx, decision 0202): it stops a render still
// streaming after 5 s, and is cleared once the page is sent. Left running, each page's timer kept its
// whole render in memory for 5 s (decision 0202 has what that cost).

/** The smallest Remix build that renders a document through the app's own entry.server. */
function build(): ServerBuild {
  const Root = () => (
    <html lang="en-GB">
      <body>
        <p>Hello</p>
      </body>
    </html>
  );
  return {
    mode: "production",
    entry: { module: entry },
    routes: { root: { id: "root", path: "", module: { default: Root } } },
    assets: { entry: { imports: [], module: "/entry.js" }, routes: { root: { id: "root", path: "", module: "/root.js", imports: [], hasAction: false, hasLoader: false, hasClientAction: false, hasClientLoader: false, hasErrorBoundary: false } }, url: "/manifest.js", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_routeConfig: false, v3_singleFetch: true, v3_lazyRouteDiscovery: true, unstable_optimizeDeps: false },
    isSpaMode: false,
    basename: undefined,
  } as unknown as ServerBuild;
}

const timers = () => process.getActiveResourcesInfo().filter((name) => name === "Timeout").length;

/** One page as the Express adapter serves it: its request's signal aborts once the response has closed. */
async function page(handle: ReturnType<typeof createRequestHandler>): Promise<string> {
  const closed = new AbortController();
  const response = await handle(new Request("http://localhost/", { signal: closed.signal }));
  const html = await response.text();
  closed.abort();
  expect(response.status).toBe(200);
  return html;
}

describe("the document renderer's abort timer", () => {
  it("is cleared once each page has been sent", async () => {
    const handle = createRequestHandler(build(), "production");
    // One page first, so timers the modules start once (if any) are already running.
    await page(handle);
    const before = timers();
    for (let i = 0; i < 20; i++) expect(await page(handle)).toContain("<p>Hello</p>");
    // Closing the body clears the timer on the next turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    // Left running, the 20 pages would leave 20 timers of 5 s, each holding its page's render.
    expect(timers() - before).toBeLessThan(5);
  });
});

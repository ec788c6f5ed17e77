// The kept browser contexts of the fixtures (support/kept-context.ts, decision 0349): what one test leaves in
// a kept context, the next test with the same options does not see, and a context a test changed for good
// (a clock installed) is not kept.
import { KeptContexts } from "./support/kept-context";
import { expect, test } from "./fixtures";

test("a kept context is cleared between tests, and one with a clock installed is not kept", async ({ browser, baseURL }) => {
  const kept = new KeptContexts();
  const options = { baseURL, viewport: { width: 800, height: 600 } };
  try {
    // The first test: a cookie, local storage, IndexedDB, a second tab, a route, a listener, a permission, offline.
    const first = await kept.lease(browser, options, baseURL);
    const page = await first.context.newPage();
    await page.goto("/faqs");
    await first.context.addCookies([{ name: "left-behind", value: "1", url: baseURL }]);
    await page.evaluate(async () => {
      localStorage.setItem("left-behind", "1");
      await new Promise<void>((resolve, reject) => {
        const request = indexedDB.open("left-behind");
        request.onsuccess = () => resolve();
        request.onerror = () => reject(request.error);
      });
    });
    await first.context.newPage();
    await first.context.route("**/faqs", (route) => route.fulfill({ body: "routed" }));
    let heard = 0;
    first.context.on("request", () => heard++);
    await first.context.grantPermissions(["geolocation"], { origin: baseURL });
    await first.context.setOffline(true);
    await first.release();

    // The next test: the same context, with nothing of that left.
    const second = await kept.lease(browser, options, baseURL);
    expect(second.context).toBe(first.context);
    expect(second.context.pages()).toHaveLength(0);
    expect(await second.context.cookies()).toEqual([]);
    const next = await second.context.newPage();
    heard = 0;
    const answer = await next.goto("/faqs");
    expect(await answer?.text()).not.toBe("routed");
    expect(heard).toBe(0);
    expect(await next.evaluate(() => localStorage.getItem("left-behind"))).toBeNull();
    expect(await next.evaluate(async () => (await indexedDB.databases()).map((database) => database.name))).not.toContain("left-behind");
    expect(await next.evaluate(async () => (await navigator.permissions.query({ name: "geolocation" })).state)).not.toBe("granted");
    // A clock cannot be taken out of a context: it is closed, and the next test gets a new one.
    await next.clock.install();
    await second.release();
    const third = await kept.lease(browser, options, baseURL);
    expect(third.context).not.toBe(first.context);
    await third.release();
  } finally {
    await kept.closeAll();
  }
});

import type { Page } from "@playwright/test";

/** Holds back the page's scripts until the returned release is called (the visitor acts first). */
export async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Resolves once the page's main thread has nothing left to do: the renders and effects that hydration (or
 * the last event) queued have run. The condition to wait for before checking that something did *not*
 * happen, instead of a fixed sleep.
 */
export async function pageIsIdle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestIdleCallback(() => resolve(), { timeout: 5_000 }));
      }),
  );
}

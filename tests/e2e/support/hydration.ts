import { expect, type Locator, type Page } from "@playwright/test";

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

/**
 * Waits until a member's favourite toggles in `scope` run. They load as the page hydrates (decision 0321),
 * after `data-hydrated`: until then a click takes the plain form's path (a redirect and a notice, no
 * tooltip, no modal), which is right for a visitor that quick but not what a test of the tooltip wants.
 */
export async function favouriteTogglesReady(scope: Page | Locator): Promise<void> {
  const page = "page" in scope ? scope.page() : scope;
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(scope.locator("[data-member-favourite]").first()).toBeAttached();
  await expect(scope.locator("[data-member-favourite]:not([data-ready])")).toHaveCount(0);
}

/** Opens `path` and waits until the page has hydrated and shows its heading (JavaScript on). */
export async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

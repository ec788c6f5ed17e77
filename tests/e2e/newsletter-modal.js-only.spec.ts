// The newsletter modal: after 40 % scroll or when the pointer leaves the window, once per 30-day
// cookie, never on form pages; signing up in it shows the spec's success message.
import { completeCaptcha } from "./support/captcha";
import { uniqueEmail } from "./support/accounts";
import { pageIsIdle } from "./support/hydration";
import { expect, test } from "./fixtures";

test.use({ newsletterModal: true });

test("it opens after 40% scroll, sets a 30-day cookie, and does not open again", async ({ page, context }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto("/bark-out/");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const modal = page.getByRole("dialog", { name: "Get Bark Out in your inbox" });
  await page.mouse.wheel(0, 150);
  // The scroll has happened and its handler has run: not far enough, so nothing (not even the cookie).
  await page.waitForFunction(() => window.scrollY > 0);
  await pageIsIdle(page);
  await expect(modal).toHaveCount(0);
  expect((await context.cookies()).find((entry) => entry.name === "newsletter-modal")).toBeUndefined();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight * 0.45));
  await expect(modal).toBeVisible();
  const cookie = (await context.cookies()).find((entry) => entry.name === "newsletter-modal");
  expect(cookie).toBeDefined();
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThanOrEqual(30);
  await page.keyboard.press("Escape");
  await expect(modal).toHaveCount(0);

  await page.goto("/bark-out/five-motorway-stops-with-a-proper-dog-walk");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForFunction(() => window.scrollY > 0);
  await pageIsIdle(page);
  await expect(modal).toHaveCount(0);
});

test("it opens when the pointer leaves the window, and signing up shows the success message", async ({ page }) => {
  await page.goto("/bark-out/keeping-cool-on-summer-walks");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.evaluate(() => document.documentElement.dispatchEvent(new MouseEvent("mouseleave", { clientX: 300, clientY: -2 })));
  const modal = page.getByRole("dialog", { name: "Get Bark Out in your inbox" });
  await expect(modal).toBeVisible();
  await modal.getByLabel("Your email address").fill(uniqueEmail("modal"));
  await completeCaptcha(page, modal);
  await modal.getByRole("button", { name: "Subscribe" }).click();
  await expect(modal.getByRole("status")).toHaveText("Success! You will need to confirm your email address before you receive updates");
});

test("it never opens on the form pages themselves", async ({ page }) => {
  for (const path of ["/contact", "/faqs", "/bark-out/submit", "/subscriptions", "/treats"]) {
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.evaluate(() => document.documentElement.dispatchEvent(new MouseEvent("mouseleave", { clientX: 300, clientY: -2 })));
    await pageIsIdle(page);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // The modal's trigger sets its cookie at once: none means it never fired.
    expect((await page.context().cookies()).find((entry) => entry.name === "newsletter-modal"), path).toBeUndefined();
  }
});

test("it never opens over a form in use, and waits for a quiet spell after the person leaves it", async ({ page }) => {
  await page.clock.install();
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto("/bark-out/keeping-cool-on-summer-walks");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const modal = page.getByRole("dialog", { name: "Get Bark Out in your inbox" });
  const field = page.getByRole("main").getByLabel("Your email address");
  await field.fill("someone@");
  await expect(field).toBeFocused();
  const tryToOpen = async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight * 0.6));
    await page.evaluate(() => window.scrollBy(0, 10));
    await page.evaluate(() => document.documentElement.dispatchEvent(new MouseEvent("mouseleave", { clientX: 300, clientY: -2 })));
  };
  await tryToOpen();
  await page.clock.runFor(2_000);
  await expect(modal).toHaveCount(0);
  await expect(field).toHaveValue("someone@");

  // Focus leaves the form, but it was used a moment ago: still nothing.
  await page.getByRole("heading", { level: 1 }).click();
  await page.clock.runFor(5_000);
  await tryToOpen();
  await expect(modal).toHaveCount(0);
  const cookie = (await page.context().cookies()).find((entry) => entry.name === "newsletter-modal");
  expect(cookie).toBeUndefined();

  // After a quiet spell the next exit opens it.
  await page.clock.runFor(20_000);
  await tryToOpen();
  await expect(modal).toBeVisible();
});

import { expect, test } from "./fixtures";

// A place name that is several places, typed without choosing a suggestion (the form without
// JavaScript has no list), makes the results page ask which one (issue 50). Runs with JavaScript on and off.

const TYNE = "Newcastle upon Tyne, United Kingdom";
const DOWN = "Newcastle, Newry, Mourne and Down, United Kingdom";

test("'Newcastle' searches Newcastle upon Tyne and asks 'Did you mean…' with the other, which a click then searches", async ({ page }) => {
  await page.goto("/?tab=location");
  await page.locator("#home-location").fill("Newcastle");
  await page.locator("#home-location").press("Escape");
  await page.getByRole("button", { name: "Search near here" }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe("/location");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("within 5 miles of Newcastle upon Tyne");
  const ask = page.getByRole("complementary", { name: "Did you mean…" });
  await expect(ask).toContainText("“Newcastle” is more than one place.");
  await expect(ask).toContainText(`These results are near ${TYNE}`);
  await ask.getByRole("link", { name: DOWN }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/within 5 miles of Newcastle$/);
  await expect(page.getByRole("complementary", { name: "Did you mean…" })).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get("location")).toBe(DOWN);
});

test("/route?from=Newcastle&to=Carlisle drives from Newcastle upon Tyne and offers the other Newcastle", { tag: "@same-without-js" }, async ({ page }) => {
  await page.goto("/route?from=Newcastle&to=Carlisle");
  await expect(page.locator(".search-page__summary")).toContainText("from Newcastle upon Tyne to Carlisle");
  const ask = page.getByRole("complementary", { name: "Did you mean…" });
  await expect(ask).toContainText(`These results are from ${TYNE}`);
  await expect(ask.getByRole("link", { name: DOWN })).toHaveAttribute("href", /from-id=p\d+/);
});

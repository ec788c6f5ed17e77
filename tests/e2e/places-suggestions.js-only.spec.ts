import { expect, test } from "./fixtures";
import { AUTOCOMPLETE_DELAY_MS } from "../../app/search/constants";
import { atEachWidth, seriousViolations } from "./support/axe";

// Place suggestions belong to the text they answer (issue 50): a fast typist who replaces "Bristol" with
// "York" and presses ArrowDown + Enter before York's suggestions arrive searches York, never Bristol.
// The page's clock stands still while the keys are typed, so "before they arrive" is certain, not a race.

test("the previous text's suggestions disappear the moment the text changes, and Enter searches what was typed", async ({ page }) => {
  await page.clock.install();
  await page.goto("/?tab=location");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  const field = page.getByRole("combobox", { name: "Place" });
  const options = page.getByRole("listbox").getByRole("option");

  await field.pressSequentially("Bristol");
  await page.clock.runFor(AUTOCOMPLETE_DELAY_MS + 50);
  await expect(options.first()).toContainText("Bristol");

  await field.press("ControlOrMeta+a");
  await field.pressSequentially("York");
  // No time has passed on the page's clock: York's request has not even started.
  await expect(page.getByRole("listbox")).toHaveCount(0);
  await expect(field).toHaveAttribute("aria-expanded", "false");
  await field.press("ArrowDown");
  await expect(page.getByRole("option", { selected: true })).toHaveCount(0);
  await field.press("Enter");
  await expect.poll(() => new URL(page.url()).pathname).toBe("/location");
  expect(new URL(page.url()).searchParams.get("location")).toBe("York");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("of York");
});

test("a postcode is offered as a postcode, and 'CA11' offers no junction", async ({ page }) => {
  await page.clock.install();
  await page.goto("/?tab=location");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  const field = page.getByRole("combobox", { name: "Place" });
  await field.pressSequentially("CA11");
  await page.clock.runFor(AUTOCOMPLETE_DELAY_MS + 50);
  const postcodes = page.getByRole("listbox").getByRole("group", { name: "Postcodes" });
  await expect(postcodes.getByRole("option").first()).toHaveText("CA11, Penrith, Cumbria, United Kingdom");
  await expect(page.getByRole("listbox").getByRole("group", { name: "Roads and junctions" })).toHaveCount(0);
  await field.press("ArrowDown");
  await field.press("Enter");
  await expect(field).toHaveValue("CA11, Penrith, Cumbria, United Kingdom");
});

// Loaded once at 390 px, checked, widened to 1280 px and checked again (atEachWidth, decisions 0330 and 0335).
test("at 390 and 1280 px the 'Did you mean…' box has no serious axe finding and no sideways scroll", async ({ page }) => {
  await atEachWidth(
    page,
    async () => {
      await page.goto("/location?location=Newcastle");
      await expect(page.getByRole("complementary", { name: "Did you mean…" })).toBeVisible();
    },
    async (width) => {
      expect.soft(await seriousViolations(page, { include: ".place-choices" }), `at ${width} px`).toEqual([]);
      expect.soft(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
    },
  );
});

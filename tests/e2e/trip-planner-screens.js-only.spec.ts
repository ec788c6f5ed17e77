import { createMember, logInAs } from "./support/accounts";
import { atEachWidth, seriousViolations } from "./support/axe";
import { expect, test } from "./fixtures";

// The trip planner's pages at 1280 and 390 px: no serious axe violations, nothing wider than the screen,
// and the map drawn with the route and the stops. The shared demo trip (/trips/DemoCalaisMarseille-01) as a
// visitor sees it is checked at both widths by the route table's walk (axe-route-table.js-only.spec.ts).

const PLAN = "/trip?from=London&to=Edinburgh&depart=2026-12-07T08:00&every=120&kind=walk&vet=1";

// One test: each state (the planner with its map and an alternative open, the homepage's trip tab, your trips
// after saving) is reached once at 390 px, checked, widened to 1280 px and checked again (atEachWidth, decisions
// 0330 and 0335).
test("the planner and your trips at 390 and 1280 px", async ({ page, context }) => {
  const fits = async (width: number) => expect.soft(await page.evaluate(() => document.documentElement.scrollWidth), `nothing wider than ${width} px`).toBeLessThanOrEqual(width);
  await atEachWidth(
    page,
    async () => {
      await page.goto(PLAN);
      await expect(page.locator(".trip-map__canvas[data-ready='true']")).toBeVisible({ timeout: 20_000 });
      await page.locator(".trip-alternatives summary").first().click();
    },
    async (width) => {
      expect.soft(await seriousViolations(page, ".trip-map__canvas"), `the planner at ${width} px`).toEqual([]);
      await fits(width);
    },
  );

  await atEachWidth(
    page,
    async () => {
      await page.goto("/?tab=trip");
      await expect(page.getByRole("tab", { name: "Plan breaks" })).toHaveAttribute("aria-selected", "true");
    },
    async (width) => expect.soft(await seriousViolations(page), `the trip tab at ${width} px`).toEqual([]),
  );

  const member = await createMember({ label: "trip-screens" });
  await logInAs(context, member);
  await atEachWidth(
    page,
    async () => {
      // Saved by the planner's own form post, not by opening the planner (and its map) a third time: saving
      // through the page is trip-planner.spec.ts's journey. The redirect is followed by the page, for its notice.
      const saved = await page.request.post(PLAN, { form: { intent: "save" }, maxRedirects: 0 });
      expect(saved.status()).toBe(302);
      expect(saved.headers().location).toBe("/account/trips");
      await page.goto("/account/trips");
      await expect(page.getByText("Your trip London to Edinburgh has been saved.")).toBeVisible();
    },
    async (width) => {
      expect.soft(await seriousViolations(page), `your trips at ${width} px`).toEqual([]);
      await fits(width);
    },
  );
});

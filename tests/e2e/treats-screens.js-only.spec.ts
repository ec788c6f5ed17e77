// The Treats pages, looked at (screenshots at 1280 and 390 px into the gitignored tests/e2e/screenshots/)
// and checked with axe: no serious or critical violations on /treats, claim and the Treats list.
import { createMember, database, logInAs } from "./support/accounts";
import { awardTestPoints } from "./support/members";
import { expect, test } from "./support/test";
import { seriousViolations } from "./support/axe";

test("the Treats pages look right at 1280 and 390 px and have no serious accessibility violations", async ({ page }) => {
  test.setTimeout(120_000);
  const member = await createMember({ label: "treat-screens" });
  await awardTestPoints(member.id, 130, `e2e-treat-screens-${member.id}`);
  await database()`
    INSERT INTO awarded_treats (user_id, option_id, source, expires_at)
    SELECT ${member.id}, id, 'award', now() + interval '30 days' FROM treat_options WHERE deleted_at IS NULL AND weight > 0 ORDER BY id LIMIT 3`;
  await logInAs(page.context(), member);
  const pages = [
    ["treats", "/treats"],
    ["claim", "/account/claim-treat"],
    ["your-treats", "/account/treats"],
  ] as const;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [name, path] of pages) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await page.screenshot({ path: `tests/e2e/screenshots/treats-${name}-${width}.png`, fullPage: true });
      if (width === 1280) expect(await seriousViolations(page), path).toEqual([]);
    }
  }
});

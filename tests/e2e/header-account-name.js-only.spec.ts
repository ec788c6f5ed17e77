import { createMember, logInAs, uniqueUsername } from "./support/accounts";
import { expect, test } from "./fixtures";

// The header's account button shows a member's whole name at 1280 px ("rosie_walks", not "rosie_…"),
// and the menu beside it still sits on one line.
for (const admin of [false, true]) {
  test(`a ${admin ? "administrator's" : "member's"} name is not cut short at 1280 px`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const member = await createMember({ label: "header", admin, username: uniqueUsername("rosie_") });
    await logInAs(page.context(), member);
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const name = page.locator(".site-header__inner > .account-menu .account-menu__name");
    await expect(name).toHaveText(member.username ?? "");
    const fits = await name.evaluate((element) => element.scrollWidth <= element.clientWidth);
    expect(fits).toBe(true);
    const header = await page.locator(".site-header__inner").evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(header.scroll).toBeLessThanOrEqual(header.client);
    const navTops = await page.locator(".main-nav .nav-list > li").evaluateAll((items) => new Set(items.map((item) => Math.round(item.getBoundingClientRect().top))).size);
    expect(navTops).toBe(1);
  });
}

import { createMember, database, logInAs } from "./support/accounts";
import { expect, test } from "./fixtures";

// Premium access in the browser, JavaScript on and off (docs/decisions/0126): a subscriber sees a
// fourth premium listing of the month in full; an expired subscriber gets the limited page and the plans.

async function premiumListings(): Promise<string[]> {
  const rows = await database()<{ url: string }[]>`SELECT '/' || walk_type || '/' || slug AS url FROM listings WHERE status = 2 AND NOT free ORDER BY id DESC LIMIT 4`;
  return rows.map((row) => row.url);
}

for (const [who, expires, full] of [
  ["a subscriber sees every premium listing in full", "20 days", true],
  ["an expired subscriber reaches the monthly limit", "-1 day", false],
] as const) {
  test(who, async ({ page }) => {
    test.setTimeout(90_000);
    const member = await createMember({ label: "premium" });
    await database()`INSERT INTO subscriptions (user_id, plan, started_at, expires_at) VALUES (${member.id}, 'monthly', now() - interval '60 days', now() + ${expires}::interval)`;
    await logInAs(page.context(), member);
    const urls = await premiumListings();
    for (const url of urls.slice(0, 3)) {
      await page.goto(url);
      await expect(page.getByRole("heading", { name: "Details" })).toBeVisible();
    }
    await page.goto(urls[3]);
    if (full) {
      await expect(page.getByRole("heading", { name: "Details" })).toBeVisible();
      await expect(page.locator(".limit")).toHaveCount(0);
    } else {
      await expect(page.getByRole("heading", { name: "Subscribe to see the full details" })).toBeVisible();
      await expect(page.locator(".limit").getByRole("link", { name: "See the plans" })).toHaveAttribute("href", "/subscriptions");
      await expect(page.locator(".limit").getByRole("link", { name: "Log in" })).toHaveCount(0);
    }
  });
}

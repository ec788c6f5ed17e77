import { createMember, logInAs } from "./support/accounts";
import { expect, test } from "./support/test";

// The payment page keeps room for what JavaScript adds after hydration (the PayPal button, the card
// form), so nothing below them moves while they load (issue 52: layout shift 0.76 on a phone before).
// The shifts are the browser's own layout-shift entries, summed as CLS is, until both have loaded.
for (const width of [390, 1280]) {
  test(`the payment page at ${width} px does not move while the PayPal button and the card form load (CLS ≤ 0.05)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.addInitScript(() => {
      const shifts = { total: 0 };
      (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) shifts.total += entry.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    const member = await createMember();
    await logInAs(page.context(), member);
    await page.goto("/payment?option=monthly");
    await expect(page.getByRole("button", { name: "PayPal", exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("button", { name: /^Pay £/ })).toBeVisible({ timeout: 20_000 });
    const cls = await page.evaluate(() => (window as unknown as { __shifts: { total: number } }).__shifts.total);
    expect(cls).toBeLessThanOrEqual(0.05);
  });
}

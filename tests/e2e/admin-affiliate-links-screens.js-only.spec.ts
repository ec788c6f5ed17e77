import { createMember, logInAs } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { expect, reviewScreenshot, test } from "./fixtures";

// The friendly discount pages and the dashboard's revenue per month: screenshots at 1280 and 390 px
// and no serious accessibility violations; the shareable link selects itself for copying.

test("friendly discounts and the dashboard's revenue at 1280 and 390 px, with no serious violations", async ({ page }) => {
  test.setTimeout(180_000);
  const admin = await createMember({ admin: true, label: "affiliate-screens" });
  await logInAs(page.context(), admin);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/account/admin/affiliate-links");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const link = page.getByLabel("Shareable link for WOOF10");
    await link.focus();
    expect(await link.evaluate((input: HTMLInputElement) => input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0))).toMatch(/\/subscriptions\?discount=WOOF10$/);
    expect(await seriousViolations(page)).toEqual([]);
    await reviewScreenshot(page, { path: `test-results/screens/affiliate-links-${width}.png`, fullPage: true });

    await page.getByRole("link", { name: /WOOF10/ }).click();
    await expect(page.getByRole("heading", { name: "Edit: WOOF10" })).toBeVisible();
    await page.getByRole("button", { name: "Delete this discount link" }).click();
    await expect(page.getByRole("dialog", { name: "Please confirm" })).toContainText("Are you sure you want to delete this discount link?");
    expect(await seriousViolations(page)).toEqual([]);
    await reviewScreenshot(page, { path: `test-results/screens/affiliate-link-delete-${width}.png`, fullPage: true });
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

    await page.goto("/account/admin/affiliate-links/add");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.getByRole("button", { name: "Add the discount link" }).click();
    await expect(page.getByText("Please enter a name for this link.")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await reviewScreenshot(page, { path: `test-results/screens/affiliate-link-add-${width}.png`, fullPage: true });

    await page.goto("/account/admin");
    const revenue = page.getByRole("table").filter({ hasText: "Revenue" });
    await expect(revenue.getByRole("columnheader", { name: "New subscriptions" })).toBeVisible();
    await expect(revenue.getByRole("row")).toHaveCount(13);
    await expect(revenue).toContainText(/£\d+\.\d\d/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("heading", { name: "Subscriptions and revenue per month" }).scrollIntoViewIfNeeded();
    await reviewScreenshot(page, { path: `test-results/screens/admin-revenue-${width}.png`, fullPage: true });
  }
});

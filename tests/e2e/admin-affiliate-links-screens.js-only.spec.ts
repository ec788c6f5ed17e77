import { createMember, logInAs } from "./support/accounts";
import { atEachWidth, seriousViolations } from "./support/axe";
import { expect, reviewScreenshot, test } from "./fixtures";

// The friendly discount pages and the dashboard's revenue per month: screenshots at 390 and 1280 px
// and no serious accessibility violations; the shareable link selects itself for copying.

// Each state (the list with the link selected, the delete question, the add form's errors, the dashboard) is
// reached once at 390 px, checked, widened to 1280 px and checked again (atEachWidth, decisions 0330 and 0335):
// the selection, the open question and the errors stay as they are when the window widens.
test("friendly discounts and the dashboard's revenue at 390 and 1280 px, with no serious violations", async ({ page }) => {
  test.setTimeout(180_000);
  const admin = await createMember({ admin: true, label: "affiliate-screens" });
  await logInAs(page.context(), admin);
  const link = page.getByLabel("Shareable link for WOOF10");
  await atEachWidth(
    page,
    async () => {
      await page.goto("/account/admin/affiliate-links");
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await link.focus();
    },
    async (width) => {
      await expect(link, `at ${width} px`).toBeFocused();
      expect(await link.evaluate((input: HTMLInputElement) => input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0))).toMatch(/\/subscriptions\?discount=WOOF10$/);
      expect.soft(await seriousViolations(page), `the list at ${width} px`).toEqual([]);
      await reviewScreenshot(page, { path: `test-results/screens/affiliate-links-${width}.png`, fullPage: true });
    },
  );

  await atEachWidth(
    page,
    async () => {
      await page.getByRole("link", { name: /WOOF10/ }).click();
      await expect(page.getByRole("heading", { name: "Edit: WOOF10" })).toBeVisible();
      await page.getByRole("button", { name: "Delete this discount link" }).click();
    },
    async (width) => {
      await expect(page.getByRole("dialog", { name: "Please confirm" })).toContainText("Are you sure you want to delete this discount link?");
      expect.soft(await seriousViolations(page), `the delete question at ${width} px`).toEqual([]);
      await reviewScreenshot(page, { path: `test-results/screens/affiliate-link-delete-${width}.png`, fullPage: true });
    },
  );
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

  await atEachWidth(
    page,
    async () => {
      await page.goto("/account/admin/affiliate-links/add");
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await page.getByRole("button", { name: "Add the discount link" }).click();
    },
    async (width) => {
      await expect(page.getByText("Please enter a name for this link.")).toBeVisible();
      expect.soft(await seriousViolations(page), `the add form's errors at ${width} px`).toEqual([]);
      await reviewScreenshot(page, { path: `test-results/screens/affiliate-link-add-${width}.png`, fullPage: true });
    },
  );

  const revenue = page.getByRole("table").filter({ hasText: "Revenue" });
  await atEachWidth(
    page,
    async () => {
      await page.goto("/account/admin");
      await expect(revenue.getByRole("columnheader", { name: "New subscriptions" })).toBeVisible();
      await expect(revenue.getByRole("row")).toHaveCount(13);
      await expect(revenue).toContainText(/£\d+\.\d\d/);
    },
    async (width) => {
      expect.soft(await seriousViolations(page), `the dashboard at ${width} px`).toEqual([]);
      await page.getByRole("heading", { name: "Subscriptions and revenue per month" }).scrollIntoViewIfNeeded();
      await reviewScreenshot(page, { path: `test-results/screens/admin-revenue-${width}.png`, fullPage: true });
    },
  );
});

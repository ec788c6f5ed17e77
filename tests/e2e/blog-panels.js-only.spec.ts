import { expect, test } from "./fixtures";

// With JavaScript a ticked box navigates in place: the Bark Out filter panel in use stays open
// (without JavaScript each tick is a new page, which opens the panel only when it holds a choice).

test("the categories panel stays open while boxes are ticked, down to 'all' again", async ({ page }) => {
  await page.goto("/bark-out/");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const panel = page.locator("details.blog-filters__categories");
  await panel.locator("summary").click();
  await expect(panel).toHaveAttribute("open", "");

  await page.getByRole("checkbox", { name: "Books", exact: true }).check();
  await expect(page).toHaveURL(/\/bark-out\?category=books$/);
  await expect(page.getByRole("heading", { level: 2, name: "Book review: The Long Walk Home" })).toBeVisible();
  await page.getByRole("checkbox", { name: "All categories", exact: true }).check();
  await expect(page).toHaveURL(/\/bark-out$/);
  await expect(page.getByRole("heading", { level: 2, name: "Keeping cool on summer walks" })).toBeVisible();
  await expect(panel).toHaveAttribute("open", "");
  await expect(page.getByRole("checkbox", { name: "All categories" })).toBeChecked();
});

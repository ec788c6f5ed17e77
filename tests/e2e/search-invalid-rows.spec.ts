import { expect, test } from "./fixtures";

// Spec §5: invalid inputs mark their row as error. A bad filter in the URL marks its field's row
// (aria-invalid and a visible marker) and its message shows once, beside the field. The pages answer 400.

test.use({ allowClientErrors: true });

test("a distance out of range marks the distance row, with its message once", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const response = await page.goto("/location?location=York&distance=500");
  expect(response?.status()).toBe(400);
  const select = page.getByLabel("Distance");
  await expect(select).toHaveAttribute("aria-invalid", "true");
  const row = page.locator(".field--invalid").filter({ has: select });
  await expect(row).toBeVisible();
  await expect(row.locator(".field__error")).toHaveText("distance must be at most 100 miles");
  await expect(select).toHaveAttribute("aria-describedby", "filter-distance-error");
  await expect(page.getByText("distance must be at most 100 miles")).toHaveCount(1);
  await expect(page.getByRole("alert")).toContainText("Please correct the filters marked in the form.");
  expect(await row.evaluate((element) => getComputedStyle(element).borderLeftStyle)).toBe("solid");
});

test("an unknown listing type marks the types group and its checkboxes", async ({ page }) => {
  const response = await page.goto("/browse?types[]=9");
  expect(response?.status()).toBe(400);
  const group = page.getByRole("group", { name: "Show" });
  await expect(group).toHaveClass(/check-group--invalid/);
  const walks = group.getByLabel("Walks", { exact: true });
  await expect(walks).toHaveAttribute("aria-invalid", "true");
  const message = group.locator(".field__error");
  await expect(message).toHaveCount(1);
  await expect(walks).toHaveAttribute("aria-describedby", "filter-types-error");
  await expect(page.getByRole("group", { name: "Walks" })).not.toHaveClass(/check-group--invalid/);
});

test("an unknown sort marks the sort row", async ({ page }) => {
  const response = await page.goto("/browse?sort=bogus");
  expect(response?.status()).toBe(400);
  await expect(page.getByLabel("Sort by")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(".field--invalid").filter({ has: page.getByLabel("Sort by") })).toBeVisible();
});

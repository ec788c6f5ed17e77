// The Treats pages, looked at (screenshots at 1280 and 390 px into the gitignored tests/e2e/screenshots/)
// and checked with axe: no serious or critical violations on /treats, claim and the Treats list.
import { createMember, database, logInAs } from "./support/accounts";
import { awardTestPoints } from "./support/members";
import { expect, REVIEW_SCREENSHOTS, reviewScreenshot, test } from "./fixtures";
import { seriousViolations } from "./support/axe";

test("the Treats pages look right at 1280 and 390 px and have no serious accessibility violations", async ({ page }) => {
  test.setTimeout(240_000);
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
  // axe at 1280 px; the 390 px pass only takes pictures, so it runs only when they are taken (E2E_SCREENSHOTS=1).
  for (const width of REVIEW_SCREENSHOTS ? [1280, 390] : [1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [name, path] of pages) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await reviewScreenshot(page, { path: `tests/e2e/screenshots/treats-${name}-${width}.png`, fullPage: true });
      if (width === 1280) expect(await seriousViolations(page), path).toEqual([]);
    }
  }
});

test("the claimed modal shows the won Treat's picture; the back office's Treat list and chance page look right", async ({ page }) => {
  test.setTimeout(240_000);
  const member = await createMember({ label: "treat-claimed-screens" });
  const admin = await createMember({ label: "treat-admin-screens", admin: true });
  await awardTestPoints(member.id, 100, `e2e-treat-claimed-${member.id}`);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await logInAs(page.context(), member);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto("/account/claim-treat");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("button", { name: "The gift the terrier is guarding" }).click();
  const dialog = page.getByRole("dialog", { name: "You've won a Treat!" });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  const [won] = await database()<{ image_id: string | null; name: string }[]>`
    SELECT o.image_id, o.name FROM awarded_treats t JOIN treat_options o ON o.id = t.option_id WHERE t.user_id = ${member.id}`;
  await expect(dialog.getByText(won.name)).toBeVisible();
  if (won.image_id) {
    const picture = dialog.locator("img.claimed__image");
    await expect(picture).toHaveAttribute("src", `/uploads/${won.image_id}/5.webp`);
    await expect.poll(() => picture.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }
  await reviewScreenshot(page, { path: "tests/e2e/screenshots/treats-claimed-390.png" });

  await logInAs(page.context(), admin);
  const [first] = await database()<{ slug: string }[]>`SELECT slug FROM treat_options WHERE deleted_at IS NULL AND weight > 0 ORDER BY weight DESC, id LIMIT 1`;
  for (const width of REVIEW_SCREENSHOTS ? [1280, 390] : [1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [name, path] of [
      ["admin-list", "/account/admin/treats"],
      ["admin-chance", `/account/admin/treats/${first.slug}`],
    ] as const) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await reviewScreenshot(page, { path: `tests/e2e/screenshots/treats-${name}-${width}.png`, fullPage: true });
      if (width === 1280) expect(await seriousViolations(page), path).toEqual([]);
    }
  }
});

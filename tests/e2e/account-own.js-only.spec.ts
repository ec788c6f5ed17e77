import { liveListing } from "./listing-support";
import { createMember, database, logInAs, sessionCookieValue, sessionExists } from "./support/accounts";
import { expect, test } from "./fixtures";
import { favouriteTogglesReady } from "./support/hydration";

// Issue 10 with JavaScript: the 'Saved to' tooltip links to the list and stays while hovered; the list
// editor stays open when the listing leaves its last list; a new list says its page is public.

test("the Saved to tooltip links to the list, stays while hovered and goes 1 s after the pointer leaves", async ({ page }) => {
  const listing = await liveListing(23);
  const member = await createMember({ label: "tooltip" });
  await logInAs(page.context(), member);
  await page.clock.install();
  await page.goto(listing.url);
  await favouriteTogglesReady(page);
  await page.getByRole("button", { name: "Save to favourites" }).click();
  const tooltip = page.locator(".favourite__tooltip");
  await expect(tooltip).toHaveText("Saved to My favourites");
  await tooltip.hover();
  // Past the 3 s the tooltip would otherwise last: still there while hovered.
  await page.clock.runFor(3_500);
  await expect(tooltip).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toHaveCount(0, { timeout: 2500 });

  await page.getByRole("button", { name: "Saved to favourites" }).or(page.getByRole("link", { name: "Saved to favourites" })).click();
  const editor = page.getByRole("dialog", { name: `Your lists for ${listing.title}` });
  await expect(editor.getByRole("link", { name: "All your favourites lists" })).toHaveAttribute("href", "/account/favourites");
  await editor.getByLabel("New list").fill("Coast walks");
  await editor.getByRole("button", { name: "Add to a new list" }).click();
  await expect(editor.getByText(/Your list Coast walks has been added\. Its page is public/)).toBeVisible();
  // Leaving every list: the editor stays open (the toggle turns back to 'Save to favourites' behind it).
  await editor.getByRole("button", { name: "Saved: My favourites" }).click();
  await expect(editor.getByRole("button", { name: "Add to list: My favourites" })).toBeVisible();
  await editor.getByRole("button", { name: "Saved: Coast walks" }).click();
  await expect(editor.getByRole("button", { name: "Add to list: Coast walks" })).toBeVisible();
  await expect(editor).toBeVisible();
  await expect(page.getByRole("button", { name: "Save to favourites" })).toBeVisible();
  await database()`DELETE FROM favourite_lists WHERE user_id = ${member.id}`;
});

test("the tooltip's list link leads to the list", async ({ page }) => {
  const listing = await liveListing(24);
  const member = await createMember({ label: "tooltip-link" });
  await logInAs(page.context(), member);
  await page.goto(listing.url);
  await favouriteTogglesReady(page);
  await page.getByRole("button", { name: "Save to favourites" }).click();
  await page.locator(".favourite__tooltip").getByRole("link", { name: "My favourites" }).click();
  await expect(page).toHaveURL(/\/account\/favourites\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My favourites");
});

test("removing a photo asks 'Are you sure you want to delete this image?' first", async ({ page }) => {
  const member = await createMember({ label: "photo" });
  await logInAs(page.context(), member);
  await page.goto("/add-listing");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByLabel("Add photos").setInputFiles("tests/fixtures/images/with-gps.jpg");
  const remove = page.getByRole("button", { name: "Remove photo 1" });
  await expect(remove).toBeVisible();
  const asked: string[] = [];
  page.once("dialog", (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await remove.click();
  await expect(remove).toBeVisible();
  expect(asked).toEqual(["Are you sure you want to delete this image?"]);
  page.once("dialog", (dialog) => void dialog.accept());
  await remove.click();
  await expect(remove).toHaveCount(0);
});

test("submit buttons show their loading state and ignore repeat clicks while the request runs", async ({ page }) => {
  const member = await createMember({ label: "busy" });
  await logInAs(page.context(), member);
  const other = await sessionCookieValue(member, "Mozilla/5.0 (Windows NT 10.0) Firefox/128.0");
  let posts = 0;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/account/settings/sessions**", async (route) => {
    if (route.request().method() === "POST") {
      posts += 1;
      await held;
    }
    await route.continue();
  });
  await page.goto("/account/settings/");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const row = page.locator(".session", { hasText: "Firefox on Windows" });
  await row.getByRole("button", { name: "End this session" }).click();
  const busy = row.getByRole("button", { name: "Ending…" });
  await expect(busy).toBeDisabled();
  await busy.click({ force: true });
  release();
  await expect(page.getByText("The session has been ended successfully")).toBeVisible();
  expect(posts).toBe(1);
  expect(await sessionExists(other.sessionId)).toBe(false);
});

import type { Page } from "@playwright/test";
import { createMember, database, logInAs } from "./support/accounts";
import { expect, test } from "./fixtures";
import { favouriteTogglesReady } from "./support/hydration";

// Issue 10: the favourite toggle on every result card, with JavaScript on and off. A member saves a
// listing from the results and stays on the same results; a visitor is sent to log in and comes back.

const RESULTS = "/browse/road/united-kingdom/m6";

async function firstCard(page: Page, index = 0) {
  const card = page.locator(".result-card").nth(index);
  const id = Number(await card.getAttribute("data-result-id"));
  const title = (await card.locator(".result-card__title").innerText()).trim();
  return { card, id, title };
}

async function favouriteCount(userId: number, listingId: number): Promise<number> {
  const [row] = await database()<{ count: number }[]>`
    SELECT count(*)::int AS count FROM favourite_items i JOIN favourite_lists l ON l.id = i.list_id WHERE l.user_id = ${userId} AND i.listing_id = ${listingId}`;
  return row.count;
}

test("every result card has the toggle; a visitor is sent to log in and comes back to the results", async ({ page }) => {
  const member = await createMember({ label: "card-visitor" });
  await page.goto(RESULTS);
  const cards = page.locator(".result-card");
  await expect(cards.first()).toBeVisible();
  await expect(cards.locator(".favourite")).toHaveCount(await cards.count());
  const { card, title } = await firstCard(page);
  await card.locator(".favourite > summary").click();
  await expect(card.getByText("Favourites are for members.")).toBeVisible();
  await expect(card.getByRole("link", { name: "Log in" })).toHaveAttribute("href", `/account/login/?redirectTo=${encodeURIComponent(RESULTS)}`);
  await card.getByRole("link", { name: "Log in" }).click();
  await page.getByLabel("Email address").fill(member.email);
  await page.getByLabel("Password").fill(member.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL((url) => url.pathname === RESULTS);
  await expect(page.getByRole("button", { name: `Save ${title}` })).toBeVisible();
});

test("a member saves a listing from its card and stays on the results", async ({ page, javaScriptEnabled }) => {
  const member = await createMember({ label: "card-favourite" });
  await logInAs(page.context(), member);
  await page.goto(RESULTS);
  if (javaScriptEnabled) await favouriteTogglesReady(page);
  const { card, id, title } = await firstCard(page);
  await card.getByRole("button", { name: `Save ${title}` }).click();
  if (javaScriptEnabled) {
    // A tooltip names the list and links to it; the page is not reloaded.
    const tooltip = card.locator(".favourite__tooltip");
    await expect(tooltip).toHaveText("Saved to My favourites");
    await expect(tooltip.getByRole("link", { name: "My favourites" })).toHaveAttribute("href", /^\/account\/favourites\/\d+$/);
    await expect(page).toHaveURL((url) => url.pathname === RESULTS);
  } else {
    await expect(page).toHaveURL((url) => url.pathname === RESULTS && url.hash === `#result-${id}`);
  }
  await expect(card.getByRole("link", { name: `Saved ${title}` })).toBeVisible();
  expect(await favouriteCount(member.id, id)).toBe(1);

  // The saved state is the server's too, and the saved toggle leads to the list editor.
  await page.goto(RESULTS);
  const saved = page.locator(`#result-${id}`).getByRole("link", { name: `Saved ${title}` });
  await expect(saved).toBeVisible();
  // A member's toggles load after hydration (decision 0321): before that a click follows the plain link.
  if (javaScriptEnabled) await favouriteTogglesReady(page);
  await saved.click();
  const editor = javaScriptEnabled ? page.getByRole("dialog", { name: `Your lists for ${title}` }) : page.locator("main");
  await editor.getByRole("button", { name: "Saved: My favourites" }).click();
  await expect(editor.getByRole("button", { name: "Add to list: My favourites" })).toBeVisible();
  expect(await favouriteCount(member.id, id)).toBe(0);
  if (javaScriptEnabled) {
    await page.keyboard.press("Escape");
    await expect(page.locator(`#result-${id}`).getByRole("button", { name: `Save ${title}` })).toBeVisible();
  }
  await database()`DELETE FROM favourite_lists WHERE user_id = ${member.id}`;
});

test.describe("a failure", () => {
  test.use({ allowClientErrors: true });
  test("a listing that went away since the results were shown: the failure is an alert and the toggle is back", async ({ page, javaScriptEnabled }) => {
    const member = await createMember({ label: "card-failure" });
    await logInAs(page.context(), member);
    await page.goto(RESULTS);
    if (javaScriptEnabled) await favouriteTogglesReady(page);
    // A card of its own per project, away from the first card the other tests save: this one takes its
    // listing offline for a moment.
    const { card, id, title } = await firstCard(page, javaScriptEnabled ? -1 : -2);
    await database()`UPDATE listings SET status = 3 WHERE id = ${id}`;
    try {
      await card.getByRole("button", { name: `Save ${title}` }).click();
      if (javaScriptEnabled) {
        await expect(card.getByRole("alert")).toHaveText("Sorry, we couldn't find that listing.");
        await expect(card.getByRole("button", { name: `Save ${title}` })).toBeEnabled();
      } else {
        // Without JavaScript the plain post lands on a 404 page (never a 500) that says so in the spec's words.
        await expect(page.getByText("Sorry, we couldn't find that listing.")).toBeVisible();
      }
    } finally {
      await database()`UPDATE listings SET status = 2 WHERE id = ${id}`;
    }
    expect(await favouriteCount(member.id, id)).toBe(0);
  });
});

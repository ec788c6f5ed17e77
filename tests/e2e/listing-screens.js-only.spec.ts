import type { Page } from "@playwright/test";
import { liveListing, ownListing, removeListings } from "./listing-support";
import { createMember, database, logInAs } from "./support/accounts";
import { expect, reviewScreenshot, test } from "./fixtures";
import { atEachWidth, seriousViolations } from "./support/axe";

// Screenshots at 390 and 1280 px (tests/e2e/screenshots/, looked at by eye) and axe on every listing
// screen: no serious or critical violations.

const made: number[] = [];
test.afterAll(async () => removeListings(made));

async function memberWithList(page: Page) {
  const member = await createMember();
  const listing = await liveListing(30);
  const [list] = await database()<{ id: number }[]>`INSERT INTO favourite_lists (user_id, name, is_default) VALUES (${member.id}, 'My favourites', true) RETURNING id`;
  await database()`INSERT INTO favourite_items (list_id, listing_id) VALUES (${list.id}, ${listing.id})`;
  await logInAs(page.context(), member);
  return { member, listing, list };
}

// Each screen is loaded once at 390 px, checked, widened to 1280 px and checked again (decision 0330); two
// tests, each with half of the screens and a member of its own, which the two workers share.
for (const half of [0, 1] as const) {
  test(`listing screens at 390 and 1280 px (${half === 0 ? "first" : "second"} half)`, async ({ page }) => {
    // Five pages, each hydrated, screenshotted in full and checked by axe at two widths: a minute or more on a loaded 2-core machine.
    test.setTimeout(240_000);
    const { member, listing, list } = await memberWithList(page);
    const screens: [string, string][] = [
      ["listing", listing.url],
      ["review-form", `${listing.url}/review`],
      ["directions", `${listing.url}/directions?from=Carlisle`],
      ["favourite", `${listing.url}/favourite`],
      ["favourites", "/account/favourites"],
      ["favourites-list", `/account/favourites/${list.id}`],
      ["favourites-all", "/account/favourites/all"],
      ["profile-list", `/profile/${member.username}/favourites/${list.id}`],
      ["listing-form", "/add-listing"],
      ["history", `/dog-walk/_${listing.id}/history`],
    ];
    for (const [name, path] of screens.filter((_screen, index) => index % 2 === half)) {
      await atEachWidth(
        page,
        async () => {
          await page.goto(path);
          await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
          if (name === "directions") await expect(page.locator(".directions__map[data-ready=true]")).toBeVisible({ timeout: 20_000 });
          if (name === "listing-form") await expect(page.locator(".listing-form__map[data-ready=true]")).toBeVisible({ timeout: 20_000 });
        },
        async (width) => {
          await reviewScreenshot(page, { path: `tests/e2e/screenshots/listing-${name}-${width}.png`, fullPage: true });
          expect.soft(await seriousViolations(page, ".maplibregl-canvas"), `${name} at ${width} px`).toEqual([]);
        },
      );
    }
  });
}

test("the review modal, the list editor and the gallery lightbox have no serious violations", async ({ page }) => {
  const member = await createMember();
  const owned = await ownListing(member.id);
  made.push(owned.id);
  await logInAs(page.context(), member);
  await page.goto(owned.url);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("link", { name: "Write a review" }).click();
  await expect(page.getByRole("dialog").getByLabel("Your review")).toBeVisible();
  await reviewScreenshot(page, { path: "tests/e2e/screenshots/listing-review-modal-1280.png" });
  expect(await seriousViolations(page, ".maplibregl-canvas")).toEqual([]);
});

test("a premium listing shows the limit-reached modal after three, and closing it writes the seen cookie", async ({ page }) => {
  const premium = await database()<{ url: string }[]>`
    SELECT '/' || walk_type || '/' || slug AS url FROM listings WHERE status = 2 AND NOT free ORDER BY id LIMIT 4`;
  // The first three count as views (the counter is a signed cookie the server sets: page.request shares the
  // page's cookie jar) and show their details without the limit panel; read from their HTML, as the browser
  // would get it, without opening three pages (decision 0346).
  for (const listing of premium.slice(0, 3)) {
    const response = await page.request.get(listing.url);
    expect(response.status(), listing.url).toBe(200);
    const html = await response.text();
    expect(html, listing.url).toContain('<h2 id="facts-title">Details</h2>');
    expect(html, listing.url).not.toMatch(/class="limit[" ]|id="limit-title"/);
  }
  await page.goto(premium[3].url);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const modal = page.getByRole("dialog", { name: "You've reached your limit" });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole("link", { name: "See the plans" })).toBeVisible();
  // The spec: the limit-reached modal offers joining (and logging in) to a visitor, coming back here after.
  await expect(modal.getByRole("link", { name: "Join" })).toHaveAttribute("href", `/join?redirectTo=${encodeURIComponent(premium[3].url)}`);
  await expect(modal.getByRole("link", { name: "Log in" })).toBeVisible();
  await reviewScreenshot(page, { path: "tests/e2e/screenshots/listing-limit-reached-1280.png" });
  expect(await seriousViolations(page, ".maplibregl-canvas")).toEqual([]);
  await modal.getByRole("button", { name: "Close" }).click();
  await expect(modal).toBeHidden();
  // The dialog's close event (which writes the cookie) is dispatched as a task after the dialog hides:
  // wait for the cookie rather than read it once.
  const seen = async () => (await page.context().cookies()).find((cookie) => cookie.name === "pawroute_limit_seen")?.value ?? "";
  await expect.poll(async () => decodeURIComponent(await seen())).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Subscribe to see the full details" })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "You've reached your limit" })).toHaveCount(0);
});

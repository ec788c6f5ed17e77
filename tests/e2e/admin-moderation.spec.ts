import type { Page } from "@playwright/test";
import { liveListing, ownListing, removeListings, REVIEW_TEXT } from "./listing-support";
import { createMember, database, logInAs, memberRow, type TestMember } from "./support/accounts";
import { completeCaptcha } from "./support/captcha";
import { waitForMail } from "./support/mail";
import { expect, test } from "./fixtures";

// The back office end to end, JavaScript on and off: a member submits a listing and a review; an
// administrator finds both from the dashboard, publishes the listing through view-edit and accepts the
// review through its edit form; the listing is found by search, the member's Treat Points rise once and
// both approval mails arrive over SMTP. Bulk actions over more than 50 rows, with the confirmations.

const made: number[] = [];
test.afterAll(async () => removeListings(made));

async function hydrated(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

async function switchTo(page: Page, member: TestMember) {
  await page.context().clearCookies();
  await logInAs(page.context(), member);
}

test("an administrator publishes a member's listing and accepts their review; points rise once and the mails arrive", async ({ page, request, javaScriptEnabled }) => {
  test.setTimeout(180_000);
  const member = await createMember({ label: "author" });
  const admin = await createMember({ admin: true, label: "moderator" });
  const token = Math.random().toString(36).slice(2, 8);
  const title = `Moderated meadow walk ${token}`;
  const lat = (54.6 + Math.random() * 0.05).toFixed(5);
  const lng = (-2.78 + Math.random() * 0.05).toFixed(5);

  // The member submits a listing…
  await logInAs(page.context(), member);
  await page.goto("/add-listing");
  await hydrated(page, javaScriptEnabled);
  await page.getByLabel("Type of listing").selectOption({ label: "Dog walk" });
  await page.getByLabel("Title").fill(title);
  if (javaScriptEnabled) {
    await page.locator(".editor__area").click();
    await page.keyboard.type("A gentle meadow loop with a stream for paddling.");
  } else {
    await page.getByLabel("Description").fill("A gentle meadow loop with a stream for paddling.");
  }
  await page.getByLabel("Latitude").fill(lat);
  await page.getByLabel("Longitude").fill(lng);
  await page.getByLabel("First line of the address").fill("Lay-by on Meadow Lane");
  await page.getByLabel("Town").fill("Penrith");
  await page.getByRole("button", { name: "Submit listing" }).click();
  await expect(page).toHaveURL(/\?pending=1|\/dog-walk\//);
  const [listing] = await database()<{ id: number; status: number }[]>`SELECT id, status FROM listings WHERE title = ${title}`;
  made.push(listing.id);
  expect(listing.status).toBe(1);

  // …and a review of a live listing.
  const reviewed = await liveListing(javaScriptEnabled ? 20 : 21);
  await page.goto(`${reviewed.url}/review`);
  await hydrated(page, javaScriptEnabled);
  const reviewTitle = `Splendid stop ${token}`;
  await page.getByLabel("4 stars: Very good").check();
  await page.getByLabel("Title").fill(reviewTitle);
  await page.getByLabel("Your review").fill(REVIEW_TEXT);
  await completeCaptcha(page);
  await page.getByRole("button", { name: "Send my review" }).click();
  await expect(page).toHaveURL(`${reviewed.url}?reviewed=1`);
  const before = (await memberRow(member.id)).points;

  // The administrator sees both waiting on the dashboard.
  await switchTo(page, admin);
  await page.goto("/account/admin");
  await hydrated(page, javaScriptEnabled);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.locator(".admin-queue").filter({ hasText: "submitted listings" })).toBeVisible();
  await expect(page.getByRole("img", { name: /New listings per week/ })).toBeVisible();

  // The listing: the submitted table, view-edit, publish.
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: /Listings/ }).click();
  await expect(page).toHaveURL("/account/admin/listings/submitted");
  await page.getByLabel("Title", { exact: true }).fill(token);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(1);
  await page.getByRole("row").filter({ hasText: title }).getByRole("link", { name: "Review changes" }).click();
  await expect(page).toHaveURL(new RegExp(`/account/admin/view-edit\\?location=${listing.id}&version=\\d+`));
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByRole("row", { name: /Town/ })).toContainText("Penrith");
  await page.getByRole("button", { name: "Publish this version" }).click();
  await expect(page.getByText("The listing has been published and its author credited 25 Treat Points")).toBeVisible();
  await expect(page.getByRole("button", { name: "Publish this version" })).toHaveCount(0);
  await expect(page.locator(".admin-audit")).toContainText("publish");
  expect((await memberRow(member.id)).points).toBe(before + 25);

  // A repeated publish (a resent form) changes nothing and credits nothing.
  const [version] = await database()<{ id: number }[]>`SELECT current_version_id AS id FROM listings WHERE id = ${listing.id}`;
  const cookies = await page.context().cookies();
  const session = cookies.find((cookie) => cookie.name === "pawroute_session");
  const again = await request.post("/account/admin/view-edit", {
    headers: { Cookie: `pawroute_session=${session?.value}` },
    form: { location: String(listing.id), version: String(version.id), intent: "publish" },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(302);
  expect((await memberRow(member.id)).points).toBe(before + 25);
  const [{ entries }] = await database()<{ entries: number }[]>`SELECT count(*)::int AS entries FROM points_entries WHERE source_kind = 'listing' AND source_id = ${String(listing.id)}`;
  expect(entries).toBe(1);

  // The listing is live and found by search near its marker.
  const search = await request.get(`/api/locations/search/location?location=${encodeURIComponent("Your current location")}&geo-location=${lat},${lng}&distance=1`);
  expect(search.status()).toBe(200);
  const found = (await search.json()) as { results: { location: { id: number } }[] };
  expect(found.results.map((result) => result.location.id)).toContain(listing.id);
  const listingMail = await waitForMail(member.email, "Your Pawroute listing has been approved");
  expect(listingMail.text).toContain(title);
  expect(listingMail.text).toContain("25 Treat Points");

  // The review: the unmoderated table, its page, the edit form (a modal with JavaScript), Update & Accept.
  // Filtered by its title: the bulk test, running at the same time, adds 55 reviews awaiting moderation,
  // which would push this one off the table's first page.
  await page.goto(`/account/admin/reviews/unmoderated?q=${encodeURIComponent(reviewTitle)}`);
  await page.getByRole("link", { name: reviewTitle }).click();
  await expect(page).toHaveURL(/\/account\/admin\/reviews\/[0-9a-f]+$/);
  await expect(page.getByRole("heading", { name: reviewTitle })).toContainText("(Awaiting moderation)");
  await hydrated(page, javaScriptEnabled);
  let form = page.locator("main");
  if (javaScriptEnabled) {
    await page.getByRole("button", { name: "Edit review" }).click();
    form = page.getByRole("dialog", { name: "Edit review" });
  }
  await expect(form.getByRole("button", { name: "Deny Review" })).toBeVisible();
  await form.getByLabel("Title (optional)").fill(`${reviewTitle} (edited)`);
  await form.getByRole("button", { name: "Update & Accept" }).click();
  await expect(page.getByText("The review has been updated and accepted")).toBeVisible();
  await expect(page.getByRole("heading", { name: `${reviewTitle} (edited)` })).toContainText("(Accepted)");
  if (javaScriptEnabled) {
    await expect(page.getByRole("dialog", { name: "Edit review" })).toHaveCount(0);
    await page.getByRole("button", { name: "Edit review" }).click();
  }
  await expect(page.getByRole("button", { name: "Update & Accept" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Update", exact: true })).toBeVisible();
  expect((await memberRow(member.id)).points).toBe(before + 35);
  await waitForMail(member.email, "Your Pawroute review has been approved");
  const [reviewRow] = await database()<{ status: number }[]>`SELECT status FROM reviews WHERE user_id = ${member.id}`;
  expect(reviewRow.status).toBe(2);
});

test("bulk actions over more than 50 reviews and listings, with the spec's confirmations and messages", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(300_000);
  const admin = await createMember({ admin: true, label: "bulk-admin" });
  const member = await createMember({ label: "bulk-member" });
  const token = `bulk${Math.random().toString(36).slice(2, 8)}`;
  const target = await liveListing(javaScriptEnabled ? 30 : 31);
  await database()`
    INSERT INTO reviews (listing_id, user_id, rating, title, content, status)
    SELECT ${target.id}, ${member.id}, 4, ${token} || ' review ' || n, ${REVIEW_TEXT}, 0 FROM generate_series(1, 55) AS n`;
  for (let n = 0; n < 55; n++) made.push((await ownListing(null, { status: 1, title: `${token} listing ${n}` })).id);
  await logInAs(page.context(), admin);

  async function selectAll(count: number) {
    const boxes = page.locator('input[type="checkbox"][name="ids"]');
    if (javaScriptEnabled) {
      await page.getByRole("checkbox", { name: /Select every/ }).check();
    } else {
      // Without JavaScript a visitor ticks each row. The first and the last are ticked as they would be; the
      // rows between, the same box 53 times, are set in one step (decision 0337: 220 clicks were half of
      // this test's CPU). The form posts whatever is ticked, however it was ticked.
      await expect(boxes).toHaveCount(count);
      await boxes.first().check();
      await boxes.evaluateAll((all) => all.slice(1, -1).forEach((box) => ((box as HTMLInputElement).checked = true)));
      await boxes.last().check();
    }
    await expect(page.locator('input[type="checkbox"][name="ids"]:checked')).toHaveCount(count);
  }

  // Reviews: approve all 55, then delete them after the confirmation.
  await page.goto(`/account/admin/reviews/unmoderated?q=${token}&limit=100`);
  await hydrated(page, javaScriptEnabled);
  await expect(page.getByText("Showing 1–55 of 55 reviews")).toBeVisible();
  await selectAll(55);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("The selected reviews have been accepted")).toBeVisible({ timeout: 60_000 });
  const [{ accepted }] = await database()<{ accepted: number }[]>`SELECT count(*)::int AS accepted FROM reviews WHERE user_id = ${member.id} AND status = 2`;
  expect(accepted).toBe(55);
  await page.goto(`/account/admin/reviews/live?q=${token}&limit=100`);
  await hydrated(page, javaScriptEnabled);
  await selectAll(55);
  await page.getByRole("button", { name: "Delete" }).click();
  const confirmation = javaScriptEnabled ? page.getByRole("dialog", { name: "Please confirm" }) : page.locator(".admin-confirm");
  await expect(confirmation.getByText("Are you sure you want to delete the selected reviews, this cannot be undone?")).toBeVisible({ timeout: 30_000 });
  await confirmation.getByRole("button", { name: "Delete 55 reviews" }).click();
  await expect(page.getByText("The selected reviews have been deleted")).toBeVisible({ timeout: 60_000 });
  const [{ left }] = await database()<{ left: number }[]>`SELECT count(*)::int AS left FROM reviews WHERE user_id = ${member.id}`;
  expect(left).toBe(0);

  // Listings: deny all 55, then delete them after the confirmation.
  await page.goto(`/account/admin/listings/submitted?q=${token}&limit=100`);
  await hydrated(page, javaScriptEnabled);
  await expect(page.getByText("Showing 1–55 of 55 listings")).toBeVisible();
  await selectAll(55);
  await page.getByRole("button", { name: "Deny" }).click();
  // A denial asks for the reason its authors are sent.
  const denyConfirmation = javaScriptEnabled ? page.getByRole("dialog", { name: "Please confirm" }) : page.locator(".admin-confirm");
  await expect(denyConfirmation.getByText("Deny these 55 listings? Tell their authors why.")).toBeVisible({ timeout: 30_000 });
  await denyConfirmation.getByLabel("Reason", { exact: true }).selectOption("It repeats a listing that is already in the directory");
  await denyConfirmation.getByRole("button", { name: "Deny 55 listings" }).click();
  await expect(page.getByText("The selected listings have been denied")).toBeVisible({ timeout: 60_000 });
  await page.goto(`/account/admin/listings/denied?q=${token}&limit=100`);
  await hydrated(page, javaScriptEnabled);
  await expect(page.getByText("Showing 1–55 of 55 listings")).toBeVisible();
  await selectAll(55);
  await page.getByRole("button", { name: "Delete" }).click();
  const listingConfirmation = javaScriptEnabled ? page.getByRole("dialog", { name: "Please confirm" }) : page.locator(".admin-confirm");
  await expect(listingConfirmation.getByText("Are you sure you want to delete this listing? This action is permanent and cannot be undone.")).toBeVisible({ timeout: 30_000 });
  await listingConfirmation.getByRole("button", { name: "Delete 55 listings" }).click();
  await expect(page.getByText("The selected listings have been deleted (55)")).toBeVisible({ timeout: 60_000 });
  const [{ listings }] = await database()<{ listings: number }[]>`SELECT count(*)::int AS listings FROM listings WHERE title LIKE ${`${token} listing %`}`;
  expect(listings).toBe(0);
  const [{ audited }] = await database()<{ audited: number }[]>`SELECT count(*)::int AS audited FROM admin_audit_log WHERE actor_id = ${admin.id}`;
  expect(audited).toBe(55 * 4);
});

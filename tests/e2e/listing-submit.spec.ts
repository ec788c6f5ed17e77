import type { Page } from "@playwright/test";
import { removeListings } from "./listing-support";
import { createMember, database, logInAs } from "./support/accounts";
import { completeCaptcha } from "./support/captcha";
import { expect, test } from "./fixtures";

// The listing form with JavaScript on and off: a visitor's submission (captcha), a member's draft, the
// spec's messages, finding the address on the map, editing, and the history of versions.

const made: number[] = [];
test.afterAll(async () => removeListings(made));

async function describe(page: Page, javaScriptEnabled: boolean, text: string): Promise<void> {
  if (javaScriptEnabled) {
    await page.locator(".editor__area").click();
    await page.keyboard.type(text);
  } else {
    await page.getByLabel("Description").fill(text);
  }
}

async function listingTitled(title: string) {
  const [row] = await database()<{ id: number; status: number; user_id: number | null; slug: string; walk_type: string }[]>`
    SELECT id, status, user_id, slug, walk_type FROM listings WHERE title = ${title}`;
  if (row) made.push(row.id);
  return row;
}

test("a visitor submits a listing with the captcha", async ({ page, javaScriptEnabled }) => {
  const title = `Visitor's riverside walk ${Math.random().toString(36).slice(2, 8)}`;
  await page.goto("/add-listing");
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByRole("button", { name: "Save as draft" })).toHaveCount(0);
  await page.getByLabel("Type of listing").selectOption({ label: "Dog walk" });
  await page.getByLabel("Title").fill(title);
  await describe(page, javaScriptEnabled, "A flat riverside path with shade and water.");
  await page.getByLabel("Latitude").fill("54.6641");
  await page.getByLabel("Longitude").fill("-2.7526");
  await page.getByLabel("First line of the address").fill("Car park off Mill Lane");
  await page.getByLabel("Town").fill("Penrith");
  await completeCaptcha(page);
  await page.getByRole("button", { name: "Submit listing" }).click();
  await expect(page).toHaveURL("/add-listing?sent=1");
  await expect(page.getByText("Thank you! Your listing has been sent to our team")).toBeVisible();
  const listing = await listingTitled(title);
  expect(listing).toMatchObject({ status: 1, user_id: null });
});

test.describe("the listing form's checks", () => {
  test.use({ allowClientErrors: true });
  test("show the spec's messages and find the address on the map", async ({ page, javaScriptEnabled }) => {
    await logInAs(page.context(), await createMember());
    await page.goto("/add-listing");
    if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.getByRole("button", { name: "Submit listing" }).click();
    for (const message of [
      "Please select the type of listing you'd like to add",
      "Please enter a brief, but descriptive title for this listing",
      "Please provide a description for this listing",
      "Please enter the first line of the address and post code, if you have it",
      "Where is this listing? Place the map marker in the appropriate place",
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    // The form scrolls to the first invalid field and focuses it.
    if (javaScriptEnabled) await expect(page.getByLabel("Type of listing")).toBeFocused();
    await page.getByLabel("Type of listing").selectOption({ label: "Dog walk" });
    if (javaScriptEnabled) {
      await expect(page.getByText("Please enter a brief, but descriptive title for this walk")).toBeVisible();
      await page.getByLabel("Title").fill("A walk");
      await page.getByRole("button", { name: "Submit listing" }).click();
      await expect(page.locator(".editor__area")).toBeFocused();
    }
    await page.getByLabel("Town").fill("Penrith");
    await page.getByRole("button", { name: "Find the address on the map" }).click();
    await expect(page.getByLabel("Latitude")).toHaveValue(/^54\.\d+/);
    await expect(page.getByLabel("Longitude")).toHaveValue(/^-2\.\d+/);
  });
});

test("a member saves a draft, edits it, submits it and sees its history", async ({ page, javaScriptEnabled }) => {
  const title = `Member's draft walk ${Math.random().toString(36).slice(2, 8)}`;
  const member = await createMember({ label: "lister" });
  await logInAs(page.context(), member);
  await page.goto("/add-listing");
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByLabel("Type of listing").selectOption({ label: "Dog walk" });
  await page.getByLabel("Title").fill(title);
  await page.getByRole("button", { name: "Save as draft" }).click();
  await expect(page.getByText("This is a draft. Only you and our team can see it until you submit it.")).toBeVisible();
  const draft = await listingTitled(title);
  expect(draft).toMatchObject({ status: 4, user_id: member.id });

  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await describe(page, javaScriptEnabled, "Woodland loop with a stream for paddling.");
  await page.getByLabel("There is a pub on the walk").check();
  if (javaScriptEnabled) await expect(page.getByLabel("Name of the pub")).toBeVisible();
  await page.getByLabel("Name of the pub").fill("The Fox");
  await page.getByLabel("Latitude").fill("54.6641");
  await page.getByLabel("Longitude").fill("-2.7526");
  await page.getByLabel("First line of the address").fill("Lay-by on the A6");
  await page.getByRole("button", { name: "Submit listing" }).click();
  await expect(page.getByText("This listing is waiting for moderation.")).toBeVisible();
  await expect(page.getByText("Woodland loop with a stream for paddling.")).toBeVisible();
  await expect(page.getByText("The Fox")).toBeVisible();
  expect((await listingTitled(title)).status).toBe(1);

  await page.goto(`/dog-walk/_${draft.id}/history`);
  await expect(page.getByText("Version 2")).toBeVisible();
  await expect(page.getByText("Version 1")).toBeVisible();
  await expect(page.locator(".history__entry").first()).toContainText("Awaiting moderation");
  await expect(page.locator(".history__entry").last()).toContainText("Draft");
});

test("a member adds their business at /account/add-member-business", async ({ page }) => {
  await logInAs(page.context(), await createMember());
  await page.goto("/account/add-member-business");
  const options = await page.getByLabel("Type of listing").locator("option").allInnerTexts();
  expect(options).toEqual(["Choose a type", "Dog-friendly accommodation", "Dog services", "Member business"]);
});

test.describe("the map marker", () => {
  test.use({ allowClientErrors: true });
  test("fills the position and the address; an unknown address says so", async ({ page, javaScriptEnabled }) => {
    await logInAs(page.context(), await createMember());
    await page.goto("/add-listing");
    await page.getByLabel("First line of the address").fill("Nowhere Lane");
    await page.getByLabel("Town").fill("Qwzxqy");
    await page.getByRole("button", { name: "Find the address on the map" }).click();
    await expect(page.getByText(javaScriptEnabled ? "Sorry, we couldn't find that address. Please place the marker on the map yourself." : "Sorry, we couldn't find that address. Please enter the position yourself.").first()).toBeVisible();
    if (!javaScriptEnabled) return;
    await page.getByLabel("Town").fill("");
    const map = page.locator(".listing-form__map[data-ready=true]");
    await expect(map).toBeVisible({ timeout: 20_000 });
    await map.locator("canvas").click();
    await expect(page.getByLabel("Latitude")).toHaveValue(/^5\d\.\d+$/);
    await expect(page.getByLabel("Longitude")).toHaveValue(/^-?\d\.\d+$/);
    await expect(page.getByLabel("Town")).not.toHaveValue("");
  });
});

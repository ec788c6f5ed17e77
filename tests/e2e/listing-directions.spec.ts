import { liveListing } from "./listing-support";
import { expect, test } from "./fixtures";

// Directions from a typed place, as a GET form (JavaScript on and off), and the print page.

test("directions from a typed place list the steps in miles with the totals, and print", async ({ page, javaScriptEnabled }) => {
  const listing = await liveListing(4);
  await page.goto(listing.url);
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("link", { name: "Directions" }).click();
  // With JavaScript the form opens in a modal (/dog-walk/_{id}/directions); without, the directions page.
  const form = javaScriptEnabled ? page.getByRole("dialog", { name: "Directions" }) : page.locator("main");
  if (!javaScriptEnabled) await expect(page).toHaveURL(`/dog-walk/_${listing.id}/directions`);
  await form.getByLabel("Starting from").fill("Carlisle");
  await form.getByRole("button", { name: "Get directions" }).click();
  // With JavaScript the route shows in the modal, over the listing page; without, on the directions page.
  if (javaScriptEnabled) {
    await expect(form.getByRole("heading", { name: /^Your route from Carlisle/ })).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(listing.url);
  } else {
    await expect(page).toHaveURL(/\/directions\?from=Carlisle/);
  }
  await expect(page.locator(".directions__totals")).toHaveText(/^\d+(\.\d)? miles · about .+ by car$/);
  const steps = page.locator(".directions__step");
  expect(await steps.count()).toBeGreaterThan(1);
  await expect(steps.last()).toContainText("Arrive at your destination");
  await expect(steps.first().locator(".directions__miles")).toHaveText(/\d+\.\d miles/);
  await expect(steps.first().locator(".directions__icon svg")).toBeVisible();
  if (javaScriptEnabled) await expect(page.locator(".directions__map[data-ready=true]")).toBeVisible({ timeout: 20_000 });

  await page.getByRole("link", { name: "Printable directions" }).click();
  await expect(page).toHaveURL(/\/directions\/print\?from=Carlisle/);
  await expect(page.getByRole("heading", { name: `Directions to ${listing.full_title}` })).toBeVisible();
  await expect(page.locator(".directions__step")).toHaveCount(await steps.count());
  await expect(page.getByRole("button", { name: "Print these directions" })).toBeVisible({ visible: javaScriptEnabled });
  await page.emulateMedia({ media: "print" });
  await expect(page.locator(".directions__actions")).toBeHidden();
  await expect(page.locator(".directions__steps")).toBeVisible();
});

test.describe("a place the geocoder does not know", () => {
  test.use({ allowClientErrors: true });
  test("shows the message on the field", async ({ page }) => {
    const listing = await liveListing(4);
    const response = await page.goto(`${listing.url}/directions?from=${encodeURIComponent("Qwzxqy Nowhere")}`);
    expect(response?.status()).toBe(422);
    await expect(page.locator("#directions-from-error")).toHaveText("We couldn't find that place");
  });
});

test("the /dog-walk/_{id}/directions variant names the listing by id", { tag: "@same-without-js" }, async ({ page }) => {
  const listing = await liveListing(4);
  await page.goto(`/dog-walk/_${listing.id}/directions?from=Carlisle`);
  await expect(page.getByRole("heading", { name: `Directions to ${listing.full_title}` })).toBeVisible();
  await expect(page.locator(".directions__step").first()).toBeVisible();
});

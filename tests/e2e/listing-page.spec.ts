import { readFileSync } from "node:fs";
import { IMAGE, liveListing, ownListing, removeListings } from "./listing-support";
import { createMember, sessionCookieValue } from "./support/accounts";
import { expect, test } from "./fixtures";

// The listing page with JavaScript on and off: opened from a search, its parts, canonical URLs, history.

test("a listing opens from a search and shows its details", async ({ page }) => {
  await page.goto("/browse/road/united-kingdom/m6");
  const first = page.locator(".result-card").first();
  const title = (await first.locator(".result-card__title a").innerText()).trim();
  await first.locator(".result-card__title a").click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
  await expect(page.locator(".type-chip").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Details" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Nearby" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Reviews" })).toBeVisible();
  await expect(page.locator(".listing__where .road-badge")).toHaveText("M6");
  const json = await page.locator('script[type="application/ld+json"]').textContent();
  const data: { name: string; geo: { latitude: number }; "@context": string } = JSON.parse(json ?? "{}");
  expect(data["@context"]).toBe("https://schema.org");
  expect(data.name).toContain(title);
  expect(typeof data.geo.latitude).toBe("number");
});

test("nearby lists up to three places of the same type within 0.3 miles", { tag: "@same-without-js" }, async ({ page }) => {
  const listing = await liveListing(0, "with-nearby");
  await page.goto(listing.url);
  const nearby = page.locator(".nearby__item");
  expect(await nearby.count()).toBeGreaterThan(0);
  expect(await nearby.count()).toBeLessThanOrEqual(3);
  for (const distance of await page.locator(".nearby__distance").allInnerTexts()) expect(Number.parseFloat(distance)).toBeLessThanOrEqual(0.3);
  await expect(page.locator(`.nearby a[href="${listing.url}"]`)).toHaveCount(0);
});

test("the wrong type segment redirects to the canonical URL; an unknown listing is the 404 page", { tag: "@same-without-js" }, async ({ page }) => {
  const listing = await liveListing(1);
  const wrong = listing.walk_type === "vet" ? "dog-walk" : "vet";
  const response = await page.goto(`/${wrong}/${listing.slug}`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(listing.url);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(listing.full_title);
});

test.describe("unknown listings", () => {
  test.use({ allowClientErrors: true });
  test("answer the 404 page", { tag: "@same-without-js" }, async ({ page }) => {
    const response = await page.goto("/dog-walk/no-such-walk-anywhere");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "We can't find that page" })).toBeVisible();
  });
});

test("share and history work", async ({ page, javaScriptEnabled }) => {
  const listing = await liveListing(2);
  await page.goto(listing.url);
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const webShare = javaScriptEnabled && (await page.evaluate(() => typeof navigator.share === "function"));
  if (!webShare) {
    await page.getByText("Share", { exact: true }).click();
    await expect(page.getByLabel("Link to this page")).toHaveValue(new RegExp(`${listing.url}$`));
    await expect(page.getByRole("link", { name: "Send by email" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible({ visible: javaScriptEnabled });
  }
  await page.getByRole("link", { name: "History" }).click();
  if (javaScriptEnabled) {
    const dialog = page.getByRole("dialog", { name: `History of ${listing.title}` });
    await expect(dialog.getByText("Version 1")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await page.goto(`/dog-walk/_${listing.id}/history`);
  }
  await expect(page).toHaveURL(`/dog-walk/_${listing.id}/history`);
  await expect(page.getByRole("heading", { name: `History of ${listing.title}` })).toBeVisible();
  await expect(page.getByText("Version 1")).toBeVisible();
});

test("the print stylesheet hides the actions", { tag: "@same-without-js" }, async ({ page }) => {
  const listing = await liveListing(3);
  await page.goto(listing.url);
  await page.emulateMedia({ media: "print" });
  await expect(page.locator(".listing__actions")).toBeHidden();
  await expect(page.locator(".listing__description")).toBeVisible();
});

test("the gallery shows responsive versions and opens a lightbox with JavaScript", async ({ page, request, javaScriptEnabled }) => {
  const member = await createMember();
  const cookie = `pawroute_session=${(await sessionCookieValue(member)).value}`;
  const images: string[] = [];
  for (let i = 0; i < 2; i++) {
    const uploaded = await request.post("/api/gallery/items", { multipart: { file: { name: `dog-${i}.jpg`, mimeType: "image/jpeg", buffer: readFileSync(IMAGE) } }, headers: { Cookie: cookie } });
    expect(uploaded.status()).toBe(201);
    images.push((await uploaded.json()).id);
  }
  const listing = await ownListing(member.id, { gallery: images });
  try {
    await page.goto(listing.url);
    const photos = page.getByRole("list", { name: `Photos of ${listing.title}` }).locator("img");
    await expect(photos).toHaveCount(2);
    await expect(photos.first()).toHaveAttribute("srcset", new RegExp(`/uploads/${images[0]}/5\\.webp 640w`));
    const link = page.locator(".gallery__link").first();
    await expect(link).toHaveAttribute("href", `/uploads/${images[0]}/1.webp`);
    if (!javaScriptEnabled) return;
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await link.click();
    const lightbox = page.getByRole("dialog", { name: `Photo 1 of 2: ${listing.title}` });
    await expect(lightbox).toBeVisible();
    await lightbox.getByRole("button", { name: "Next photo" }).click();
    await expect(page.getByRole("dialog", { name: `Photo 2 of 2: ${listing.title}` })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  } finally {
    await removeListings([listing.id]);
  }
});

import { IMAGE, ownListing, removeListings } from "./listing-support";
import { createMember, database, logInAs } from "./support/accounts";
import { expect, test } from "./fixtures";

// Issue 10: a photo uploaded on a listing (by an administrator, so it goes live at once) leaves the
// listing page: the result card shows its thumbnail (version 6), the map tooltip's data has version 2
// and the JSON search API carries it in `gallery`. The real upload pipeline (sharp), JavaScript on and off.

interface ApiGallery {
  items: { id: string; versions: Record<string, { url: string }> }[];
}

test("an uploaded photo shows on the result card, in the map tooltip's data and in the API", async ({ page, request, javaScriptEnabled }) => {
  test.slow();
  const admin = await createMember({ admin: true, label: "photo-admin" });
  await logInAs(page.context(), admin);
  const listing = await ownListing(admin.id);
  try {
    await page.goto(`${listing.url}/edit`);
    if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.getByLabel("Add photos").setInputFiles(IMAGE);
    const submit = page.getByRole("button", { name: "Submit listing" });
    // With JavaScript the photo uploads at once and the button waits for it.
    await expect(submit).toBeEnabled({ timeout: 30_000 });
    await submit.click();
    // Saved and live: the listing page (its slug follows the title).
    await expect(page).toHaveURL((url) => url.pathname.startsWith(`/${listing.walk_type}/`) && !url.pathname.endsWith("/edit"), { timeout: 30_000 });

    const [row] = await database()<{ image: string; lat: number; lng: number; status: number }[]>`
      SELECT v.data->'gallery'->>0 AS image, ST_Y(l.location::geometry) AS lat, ST_X(l.location::geometry) AS lng, l.status
      FROM listings l JOIN listing_versions v ON v.id = l.current_version_id WHERE l.id = ${listing.id}`;
    expect(row.status).toBe(2);
    expect(row.image).toMatch(/^[0-9a-f-]{8,}/);
    const near = `location=${encodeURIComponent(`${row.lat},${row.lng}`)}&distance=1`;

    await page.goto(`/location?${near}`);
    await expect(page.locator(`#result-${listing.id} img.result-card__image`)).toHaveAttribute("src", new RegExp(`/uploads/${row.image}/6\\.webp$`));

    const tooltip = await request.get(`/api/locations/${listing.id}?depth=10`);
    expect(tooltip.status()).toBe(200);
    const details = (await tooltip.json()) as { gallery: ApiGallery };
    expect(details.gallery.items[0].id).toBe(row.image);
    expect(details.gallery.items[0].versions["2"].url).toMatch(new RegExp(`/uploads/${row.image}/2\\.webp$`));

    const search = await request.get(`/api/locations/search/location?${near}`);
    expect(search.status()).toBe(200);
    const body = (await search.json()) as { results: { location: { id: number; gallery: ApiGallery } }[] };
    const found = body.results.find((result) => result.location.id === listing.id);
    expect(found?.location.gallery.items[0].versions["6"].url).toMatch(new RegExp(`/uploads/${row.image}/6\\.webp$`));
  } finally {
    await removeListings([listing.id]);
  }
});

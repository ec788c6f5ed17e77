import { readFileSync } from "node:fs";
import { IMAGE, ownListing, removeListings } from "./listing-support";
import { createMember, database, logInAs } from "./support/accounts";
import { testImage } from "./support/members";
import { expect, test } from "./fixtures";

// Issue 50: photos chosen together keep the order the member picked, not the order their uploads finished.
// Three files of different sizes; the first (the largest) is held back until the other two have answered,
// so its upload finishes last whatever the machine's speed.

test("photos chosen together keep the order picked on the listing form", async ({ page }) => {
  test.slow();
  const admin = await createMember({ admin: true, label: "order-admin" });
  await logInAs(page.context(), admin);
  const listing = await ownListing(admin.id);
  const large = { name: "with-gps.jpg", mimeType: "image/jpeg", buffer: readFileSync(IMAGE) };
  const small = await testImage("small.png", "#2a6");
  const middle = await testImage("middle.png", "#a62");
  const ids = new Map<string, string>();
  let othersDone: () => void = () => undefined;
  const others = new Promise<void>((resolve) => (othersDone = resolve));
  await page.route("**/api/gallery/items", async (route) => {
    const body = route.request().postDataBuffer()?.toString("latin1") ?? "";
    const name = /filename="([^"]+)"/.exec(body)?.[1] ?? "";
    const response = await route.fetch();
    const answer = (await response.json()) as { id: string };
    ids.set(name, answer.id);
    if (name === "with-gps.jpg") await others;
    else if (ids.has("small.png") && ids.has("middle.png")) othersDone();
    await route.fulfill({ response });
  });
  try {
    await page.goto(`${listing.url}/edit`);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.getByLabel("Add photos").setInputFiles([large, small, middle]);
    // The button is enabled until the uploader's first render after the files are chosen: wait for the
    // three uploads to have answered, then for the button.
    await expect.poll(() => ids.size, { timeout: 30_000 }).toBe(3);
    const submit = page.getByRole("button", { name: "Submit listing" });
    await expect(submit).toBeEnabled({ timeout: 30_000 });
    const expected = [ids.get("with-gps.jpg"), ids.get("small.png"), ids.get("middle.png")];
    expect(expected.every(Boolean)).toBe(true);
    await expect(page.locator('.uploader input[type="hidden"][name="gallery"]')).toHaveCount(3);
    expect(await page.locator('.uploader input[type="hidden"][name="gallery"]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual(expected);

    await submit.click();
    await expect(page).toHaveURL((url) => !url.pathname.endsWith("/edit"), { timeout: 30_000 });
    const [row] = await database()<{ gallery: string[] }[]>`
      SELECT v.data->'gallery' AS gallery FROM listings l JOIN listing_versions v ON v.id = l.current_version_id WHERE l.id = ${listing.id}`;
    expect(row.gallery).toEqual(expected);
  } finally {
    await removeListings([listing.id]);
  }
});

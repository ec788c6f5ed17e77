import { readFileSync } from "node:fs";
import { BOMB, expectNoInjectedMarkup, IMAGE, NOT_AN_IMAGE, ownListing, removeListings, watchForScripts } from "./listing-support";
import { createMember, database, logInAs, sessionCookieValue } from "./support/accounts";
import { expect, test } from "./fixtures";

// Script and event-handler payloads never run; members touch only their own listings, lists and
// uploads; bad uploads are refused with a message and leave nothing behind.

const PAYLOAD = `<p>Nice walk<script>alert("description")</script><img src=x onerror="alert('img')"><span onmouseover="alert('span')">hover</span></p><iframe src="javascript:alert(1)"></iframe>`;
const made: number[] = [];
test.afterAll(async () => removeListings(made));

test.describe("payloads", () => {
  test.use({ allowClientErrors: true });
  test("in a description, a review and a list name never execute", { tag: "@same-without-js" }, async ({ page }) => {
    const seen = watchForScripts(page);
    const member = await createMember();
    const listing = await ownListing(member.id, { description: PAYLOAD, title: `<img src=x onerror=alert('title')> walk` });
    made.push(listing.id);
    await database()`INSERT INTO reviews (listing_id, user_id, rating, title, content, status)
      VALUES (${listing.id}, ${member.id}, 5, ${'<script>alert("review title")</script>'}, ${`<img src=x onerror="alert('review')"> ${"x".repeat(100)}`}, 2)`;
    const [list] = await database()<{ id: number }[]>`INSERT INTO favourite_lists (user_id, name) VALUES (${member.id}, ${`<svg onload="alert('list')">`}) RETURNING id`;
    await database()`INSERT INTO favourite_items (list_id, listing_id) VALUES (${list.id}, ${listing.id})`;

    await page.goto(listing.url);
    await page.locator(".listing__description span").hover();
    await expectNoInjectedMarkup(page, ".listing");
    await expect(page.locator(".listing__description")).toContainText("Nice walk");
    await expect(page.getByRole("heading", { level: 3, name: '<script>alert("review title")</script>' })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("<img src=x onerror=alert('title')> walk");

    await logInAs(page.context(), member);
    await page.goto(`/account/favourites/${list.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`<svg onload="alert('list')">`);
    await expectNoInjectedMarkup(page, "main");
    await page.goto(`/profile/${member.username}/favourites/${list.id}`);
    await expectNoInjectedMarkup(page, "main");
    await page.goto(`${listing.url}/favourite`);
    await expectNoInjectedMarkup(page, "main");
    expect(seen.alerts).toEqual([]);
  });
});

test.describe("ownership", () => {
  test.use({ allowClientErrors: true });
  test("a member cannot edit another member's listing", async ({ page, request, baseURL }) => {
    const owner = await createMember();
    const listing = await ownListing(owner.id, { status: 1 });
    made.push(listing.id);
    await logInAs(page.context(), await createMember());
    const response = await page.goto(`${listing.url}/edit`);
    expect(response?.status()).toBe(404);
    const live = await ownListing(owner.id, { status: 2 });
    made.push(live.id);
    expect((await page.goto(`${live.url}/edit`))?.status()).toBe(403);
    const cookies = await page.context().cookies();
    const headers = { Cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; "), Origin: new URL(baseURL ?? "").origin };
    const posted = await request.post(`${live.url}/edit`, { multipart: { intent: "submit", walkType: "dog-walk", title: "Taken over" }, headers, maxRedirects: 0 });
    expect(posted.status()).toBe(403);
    const [row] = await database()<{ title: string; versions: number }[]>`SELECT title, (SELECT count(*)::int FROM listing_versions WHERE listing_id = l.id) AS versions FROM listings l WHERE id = ${live.id}`;
    expect(row).toEqual({ title: live.title, versions: 1 });
  });

  test("a member cannot delete another's upload; its owner can", { tag: "@http" }, async ({ request }) => {
    const owner = await createMember();
    const other = await createMember();
    const ownerCookie = `pawroute_session=${(await sessionCookieValue(owner)).value}`;
    const otherCookie = `pawroute_session=${(await sessionCookieValue(other)).value}`;
    const uploaded = await request.post("/api/gallery/items", { multipart: { file: { name: "dog.jpg", mimeType: "image/jpeg", buffer: readFileSync(IMAGE) } }, headers: { Cookie: ownerCookie } });
    expect(uploaded.status()).toBe(201);
    const image: { id: string; versions: Record<string, { url: string; width: number }> } = await uploaded.json();
    expect(Object.keys(image.versions)).toEqual(["1", "2", "3", "4", "5", "6"]);
    const thumbnail = await request.get(image.versions["6"].url);
    expect(thumbnail.headers()["content-type"]).toBe("image/webp");
    expect(thumbnail.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

    const refused = await request.delete(`/api/files/${image.id}`, { headers: { Cookie: otherCookie } });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toBe("Sorry, you can only remove images you uploaded.");
    expect((await request.get(image.versions["6"].url)).status()).toBe(200);
    const visitor = await request.delete(`/api/files/${image.id}`);
    expect(visitor.status()).toBe(403);

    expect((await request.delete(`/api/files/${image.id}`, { headers: { Cookie: ownerCookie } })).status()).toBe(204);
    expect((await request.get(image.versions["6"].url)).status()).toBe(404);
  });
});

test.describe("bad uploads", () => {
  test.use({ allowClientErrors: true });
  test("a non-image, a 50 MB file and a decompression bomb are refused with a message and leave nothing", { tag: "@http" }, async ({ request }) => {
    const member = await createMember();
    const cookie = `pawroute_session=${(await sessionCookieValue(member)).value}`;
    const send = (name: string, buffer: Buffer, mimeType = "image/jpeg") => request.post("/api/gallery/items", { multipart: { file: { name, mimeType, buffer } }, headers: { Cookie: cookie } });

    const text = await send("photo.jpg", readFileSync(NOT_AN_IMAGE));
    expect(text.status()).toBe(415);
    expect((await text.json()).message).toBe("Sorry, that file isn't an image we can use. Please choose a JPEG, PNG, WebP, GIF or HEIC photo.");
    const huge = await send("huge.jpg", Buffer.alloc(50 * 1024 * 1024, 0xff));
    expect(huge.status()).toBe(413);
    expect((await huge.json()).message).toBe("Sorry, that file is too big. Please choose an image under 15 MB.");
    const bomb = await send("bomb.png", readFileSync(BOMB), "image/png");
    expect(bomb.status()).toBe(413);
    expect((await bomb.json()).message).toBe("Sorry, that image is too large to process. Please choose one under 50 megapixels.");

    const [{ count }] = await database()<{ count: number }[]>`SELECT count(*)::int AS count FROM uploaded_files WHERE user_id = ${member.id}`;
    expect(count).toBe(0);
  });

  test("with JavaScript a failed upload removes its placeholder and shows the message", async ({ page, javaScriptEnabled }) => {
    await logInAs(page.context(), await createMember());
    await page.goto("/add-listing");
    if (!javaScriptEnabled) {
      await page.getByLabel("Add photos").setInputFiles(NOT_AN_IMAGE);
      await page.getByRole("button", { name: "Save as draft" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "isn't an image we can use" }).first()).toBeVisible();
      return;
    }
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.getByLabel("Add photos").setInputFiles([NOT_AN_IMAGE]);
    await expect(page.locator(".uploader__error")).toHaveText("Sorry, that file isn't an image we can use. Please choose a JPEG, PNG, WebP, GIF or HEIC photo.");
    await expect(page.locator(".uploader__item")).toHaveCount(0);
  });
});

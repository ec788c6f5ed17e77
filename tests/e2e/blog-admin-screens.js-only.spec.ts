// Screenshots of the back office's blog pages and the newsletter prompt at 1280 and 390 px for people to
// look at (tests/e2e/screenshots/ is gitignored), axe on each the route table's walk does not check (no
// serious or critical violations), and
// the post preview's lightbox drawn with the shared lightbox styles.
import { readFileSync } from "node:fs";
import { createMember, database, logInAs, sessionCookieValue } from "./support/accounts";
import { atEachWidth, seriousViolations } from "./support/axe";
import { openHydrated } from "./support/hydration";
import { expect, REVIEW_SCREENSHOTS, reviewScreenshot, test } from "./fixtures";

/**
 * The admin blog pages; `walked`: the route table's axe walk (axe-route-table.js-only.spec.ts) checks this very
 * URL as an administrator at both widths, so here it is only a picture (taken with E2E_SCREENSHOTS=1).
 */
const ADMIN_PAGES = [
  ["posts", "/account/admin/blog-posts", { walked: true }],
  ["stories", "/account/admin/blog-posts/stories", { walked: false }],
  ["new-post", "/account/admin/blog-posts/new", { walked: true }],
  ["books", "/account/admin/books", { walked: true }],
  ["contact-messages", "/account/admin/contact-messages", { walked: true }],
] as const;

// One administrator and one load of each page: loaded at 390 px, checked, widened to 1280 px and checked again
// (atEachWidth, decisions 0330 and 0335).
test("the admin blog pages at 390 and 1280 px: screenshots, and no serious accessibility violations", async ({ page, context }) => {
  // Three pages with an axe run at each width (seven with the pictures).
  test.setTimeout(240_000);
  await logInAs(context, await createMember({ admin: true, label: "blog-admin-screens" }));
  const [post] = await database()<{ id: number }[]>`SELECT id FROM blog_posts WHERE status = 'published' ORDER BY published_at DESC LIMIT 1`;
  // The edit and preview pages of the latest post (the walk sees the first one).
  const pages = [...ADMIN_PAGES, ["edit-post", `/account/admin/blog-posts/edit/${post.id}`, { walked: false }], ["preview", `/account/admin/blog-posts/preview/${post.id}`, { walked: false }]] as const;
  for (const [name, path, { walked }] of pages) {
    if (walked && !REVIEW_SCREENSHOTS) continue;
    await atEachWidth(
      page,
      () => openHydrated(page, path),
      async (width) => {
        await reviewScreenshot(page, { path: `tests/e2e/screenshots/blog-admin-${name}-${width}.png`, fullPage: true });
        if (!walked) expect.soft(await seriousViolations(page), `${path} at ${width} px`).toEqual([]);
      },
    );
  }
});

test("the post preview's gallery opens the shared lightbox, styled, at 1280 and 390 px", async ({ page, context, request }) => {
  const admin = await createMember({ admin: true, label: "preview-lightbox" });
  await logInAs(context, admin);
  const cookie = `pawroute_session=${(await sessionCookieValue(admin)).value}`;
  const images: string[] = [];
  for (let i = 0; i < 2; i++) {
    const uploaded = await request.post("/api/gallery/items", { multipart: { file: { name: `walk-${i}.jpg`, mimeType: "image/jpeg", buffer: readFileSync("tests/fixtures/images/with-gps.jpg") } }, headers: { Cookie: cookie } });
    expect(uploaded.status()).toBe(201);
    images.push((await uploaded.json()).id);
  }
  const slug = `e2e-preview-${Date.now().toString(36)}`;
  const gallery = images.map((id) => ({ kind: "image", id, alt: "" }));
  const [post] = await database()<{ id: number }[]>`
    INSERT INTO blog_posts (slug, title, excerpt, body_html, body_text, status, author_name, gallery)
    VALUES (${slug}, 'A draft with photos', 'Two photos to look at.', '<p>Photos below.</p>', 'Photos below.', 'draft', 'Pawroute team', ${database().json(gallery)})
    RETURNING id`;
  try {
    // The preview loaded once at 390 px and widened to 1280 px (decision 0337); the lightbox opened, checked,
    // moved on and closed at each width.
    await atEachWidth(
      page,
      async () => {
        await page.goto(`/account/admin/blog-posts/preview/${post.id}`);
        await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      },
      async (width) => {
        await page.locator(".blog-gallery__items a").first().click();
        const lightbox = page.getByRole("dialog", { name: "Photo 1 of 2: A draft with photos" });
        await expect(lightbox).toBeVisible();
        // The shared lightbox styles (lightbox.css): the dark panel, the photo kept inside the window.
        expect(await lightbox.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe("rgb(28, 36, 32)");
        const photo = await lightbox.locator("img").boundingBox();
        expect(photo && photo.width <= width && photo.height <= 800).toBe(true);
        const close = await lightbox.getByRole("button", { name: "Close" }).boundingBox();
        expect(close && photo && close.y + close.height <= photo.y, "the Close button sits above the photo, not over it").toBe(true);
        const dialogBox = await lightbox.boundingBox();
        expect(dialogBox && dialogBox.y >= 0 && dialogBox.y + dialogBox.height <= 800, "the whole lightbox fits in the window").toBe(true);
        expect(await lightbox.evaluate((element) => element.contains(document.activeElement)), "focus moved into the lightbox").toBe(true);
        await reviewScreenshot(page, { path: `tests/e2e/screenshots/blog-admin-preview-lightbox-${width}.png` });
        expect(await seriousViolations(page), `at ${width} px`).toEqual([]);
        await lightbox.getByRole("button", { name: "Next photo" }).click();
        await expect(page.getByRole("dialog", { name: "Photo 2 of 2: A draft with photos" })).toBeVisible();
        await page.keyboard.press("Escape");
        await expect(page.getByRole("dialog")).toHaveCount(0);
      },
      [
        { width: 390, height: 800 },
        { width: 1280, height: 800 },
      ],
    );
  } finally {
    await database()`DELETE FROM blog_posts WHERE id = ${post.id}`;
  }
});

test.describe("the newsletter prompt", () => {
  test.use({ newsletterModal: true });

  // The prompt open at 390 px, checked, the page widened to 1280 px with it still open and checked again
  // (atEachWidth, decision 0335).
  test("at 390 and 1280 px: screenshot, and no serious accessibility violations", async ({ page }) => {
    const modal = page.getByRole("dialog", { name: "Get Bark Out in your inbox" });
    await atEachWidth(
      page,
      async () => {
        await page.goto("/bark-out/keeping-cool-on-summer-walks");
        await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight * 0.45));
      },
      async (width) => {
        await expect(modal, `open at ${width} px`).toBeVisible();
        await reviewScreenshot(page, { path: `tests/e2e/screenshots/newsletter-prompt-${width}.png` });
        expect.soft(await seriousViolations(page), `at ${width} px`).toEqual([]);
      },
      [{ width: 390, height: 800 }, { width: 1280, height: 800 }],
    );
  });
});

import { expect, test } from "@playwright/test";
import { reviewScreenshot } from "./fixtures";
import { database, uniqueIp } from "./support/accounts";

// Issue 50: a post's YouTube and Vimeo videos play. Nothing is asked of the video hosts until the reader
// clicks play; then an iframe loads YouTube's no-cookie player or Vimeo's player, and the post page's CSP
// lets it in. The hosts are answered by page.route (tests never reach the network): a frame the CSP
// refused would never reach the route, so the player's text showing inside the frame proves the CSP allows it.
// The project's fixture fails any request to another host, so this test watches problems itself: console
// errors, page errors, and any request off the machine other than the two players after their clicks.

const HOSTS = /^https:\/\/(www\.youtube-nocookie\.com|www\.youtube\.com|youtube\.com|i\.ytimg\.com|player\.vimeo\.com|vimeo\.com|i\.vimeocdn\.com)\//;

test("a post's YouTube and Vimeo videos load their players only when clicked", async ({ page, baseURL }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (["localhost", "127.0.0.1"].includes(url.hostname) || ["data:", "blob:", "about:"].includes(url.protocol)) return;
    if (!HOSTS.test(request.url())) problems.push(`request left the machine: ${request.url()}`);
  });
  if (baseURL) await page.context().addCookies([{ name: "newsletter-modal", value: "seen", url: baseURL }]);
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": uniqueIp() });
  const slug = `e2e-videos-${Date.now().toString(36)}`;
  const gallery = [
    { kind: "video", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "Zoomies on the beach" },
    { kind: "video", url: "https://vimeo.com/76979871", title: "A walk on the fells" },
  ];
  const [post] = await database()<{ id: number }[]>`
    INSERT INTO blog_posts (slug, title, excerpt, body_html, body_text, status, author_name, gallery, published_at)
    VALUES (${slug}, 'Two videos', 'Videos below.', '<p>Videos below.</p>', 'Videos below.', 'published', 'Pawroute team', ${database().json(gallery)}, now())
    RETURNING id`;
  const asked: string[] = [];
  page.on("request", (request) => {
    if (HOSTS.test(request.url())) asked.push(request.url());
  });
  await page.route(HOSTS, (route) => route.fulfill({ contentType: "text/html", body: `<p id="player">player for ${new URL(route.request().url()).pathname}</p>` }));
  try {
    await page.goto(`/bark-out/${slug}`);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByRole("link", { name: "Play video: Zoomies on the beach" })).toBeVisible();
    await expect(page.locator(".blog-gallery iframe")).toHaveCount(0);
    expect(asked, "nothing asked of the video hosts before a click").toEqual([]);

    await page.getByRole("link", { name: "Play video: Zoomies on the beach" }).click();
    const youtube = page.locator('.blog-gallery iframe[title="Zoomies on the beach"]');
    await expect(youtube).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    await expect(page.frameLocator('.blog-gallery iframe[title="Zoomies on the beach"]').locator("#player")).toHaveText("player for /embed/dQw4w9WgXcQ");
    await expect(youtube).toBeFocused();
    expect(asked.every((url) => url.startsWith("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ")), asked.join(", ")).toBe(true);

    await page.getByRole("link", { name: "Play video: A walk on the fells" }).click();
    await expect(page.locator('.blog-gallery iframe[title="A walk on the fells"]')).toHaveAttribute("src", "https://player.vimeo.com/video/76979871");
    await expect(page.frameLocator('.blog-gallery iframe[title="A walk on the fells"]').locator("#player")).toHaveText("player for /video/76979871");
    expect(asked.some((url) => url.startsWith("https://player.vimeo.com/video/76979871"))).toBe(true);
    await reviewScreenshot(page, { path: "tests/e2e/screenshots/blog-videos-playing.png" });
    expect(problems).toEqual([]);
  } finally {
    await database()`DELETE FROM blog_posts WHERE id = ${post.id}`;
  }
});

// Bark Out with JavaScript on and off: the category checklist's rule, search and clear, pages, the
// favourite action, the subscribe form's double opt-in, and a post's structured data and feed.
import type { Page, TestInfo } from "@playwright/test";
import { completeCaptcha } from "./support/captcha";
import { createMember, database, logInAs, uniqueEmail } from "./support/accounts";
import { linkIn, waitForMail } from "./support/mail";
import { expect, test } from "./fixtures";

async function open(page: Page, path: string, info: TestInfo) {
  await page.goto(path);
  if (info.project.name === "js") await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

/** Ticks or unticks a box; without JavaScript the form is then sent with its button. */
async function tick(page: Page, name: string, checked: boolean, info: TestInfo) {
  const box = page.getByRole("checkbox", { name, exact: true });
  const before = page.url();
  if (checked) await box.check();
  else await box.uncheck();
  if (info.project.name === "js") await expect.poll(() => page.url()).not.toBe(before);
  else await page.getByRole("button", { name: "Show articles" }).click();
  await page.waitForLoadState("load");
}

/** Opens a filter panel unless it is open (with JavaScript a panel stays as the visitor left it across navigations). */
async function openPanel(page: Page, name: "categories" | "search") {
  const panel = page.locator(`details.blog-filters__${name}`);
  if ((await panel.getAttribute("open")) === null) await panel.locator("summary").click();
}

const openCategories = (page: Page) => openPanel(page, "categories");

test("the category checklist: a category unticks 'all', 'all' unticks the others, none left re-ticks 'all'", async ({ page }, info) => {
  await open(page, "/bark-out/", info);
  await openCategories(page);
  await expect(page.getByRole("checkbox", { name: "All categories" })).toBeChecked();

  await tick(page, "Books", true, info);
  await expect(page).toHaveURL(/\/bark-out\?category=books$/);
  await openCategories(page);
  await expect(page.getByRole("checkbox", { name: "All categories" })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Books" })).toBeChecked();
  await expect(page.getByRole("heading", { level: 2, name: "Book review: The Long Walk Home" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Keeping cool on summer walks" })).toHaveCount(0);

  await tick(page, "Beaches", true, info);
  await expect(page).toHaveURL(/\?category=beaches&category=books$/);
  await openCategories(page);
  await expect(page.getByRole("heading", { level: 2, name: "Beaches that welcome dogs all year round" })).toBeVisible();

  await tick(page, "All categories", true, info);
  await expect(page).toHaveURL(/\/bark-out$/);
  await openCategories(page);
  await expect(page.getByRole("checkbox", { name: "All categories" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Books" })).not.toBeChecked();

  await tick(page, "Dog health", true, info);
  await openCategories(page);
  await tick(page, "Dog health", false, info);
  await expect(page).toHaveURL(/\/bark-out$/);
  await openCategories(page);
  await expect(page.getByRole("checkbox", { name: "All categories" })).toBeChecked();
});

test("the toggle reads 'All Articles' on wide screens and 'Categories' on narrow ones", { tag: "@same-without-js" }, async ({ page }, info) => {
  await open(page, "/bark-out/", info);
  const summary = page.locator("details.blog-filters__categories > summary");
  await expect(summary.getByText("All Articles")).toBeVisible();
  await expect(summary.getByText("Categories")).toBeHidden();
  await page.setViewportSize({ width: 700, height: 900 });
  await expect(summary.getByText("Categories")).toBeVisible();
  await expect(summary.getByText("All Articles")).toBeHidden();
});

test("search finds words in the body; clear empties the text and re-ticks all", async ({ page }, info) => {
  await open(page, "/bark-out/?category=walks", info);
  await page.locator("details.blog-filters__search > summary").click();
  await page.getByRole("searchbox", { name: "Search articles" }).fill("tapeworm");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/q=tapeworm/);
  // 'tapeworm' is only in the body of a post outside Walks: the category still applies.
  await expect(page.getByText("No articles found")).toBeVisible();
  await page.getByRole(info.project.name === "js" ? "button" : "link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/bark-out$/);
  // The address changes before the page shows the cleared list; typing before that would be undone by it.
  await expect(page.getByText("No articles found")).toHaveCount(0);
  await openPanel(page, "search");
  await expect(page.getByRole("searchbox", { name: "Search articles" })).toHaveValue("");
  await page.getByRole("searchbox", { name: "Search articles" }).fill("tapeworm");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Taking your dog to France: the paperwork, step by step" })).toBeVisible();
  await expect(page.locator(".blog-card")).toHaveCount(1);
});

test("pages: nine articles, then the rest on page 2", async ({ page }, info) => {
  await open(page, "/bark-out/", info);
  await expect(page.locator(".blog-card")).toHaveCount(9);
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/page 2 of \d+/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Previous" })).toBeVisible();
});

test("a visitor's favourite button shows the members-only tooltip; a member saves and unsaves", async ({ page }, info) => {
  await open(page, "/bark-out/", info);
  await page.locator(".blog-card").first().getByText("Add to favourites").click();
  const note = page.locator(".blog-card").first().getByRole("note");
  await expect(note).toContainText("Favourites are for members.");
  await expect(note.getByRole("link", { name: "Log in" })).toHaveAttribute("href", /redirectTo=%2Fbark-out(&|$)/);

  const member = await createMember({ label: "blog-fav" });
  await logInAs(page.context(), member);
  await open(page, "/bark-out/keeping-cool-on-summer-walks", info);
  await page.getByRole("button", { name: /Add to favourites/ }).first().click();
  await expect(page.getByRole("button", { name: /Saved to favourites/ }).first()).toBeVisible();
  const [row] = await database()<{ count: number }[]>`SELECT count(*)::int AS count FROM blog_favourites f JOIN blog_posts p ON p.id = f.post_id WHERE f.user_id = ${member.id} AND p.slug = 'keeping-cool-on-summer-walks'`;
  expect(row.count).toBe(1);
  await page.getByRole("button", { name: /Saved to favourites/ }).first().click();
  await expect(page.getByRole("button", { name: /Add to favourites/ }).first()).toBeVisible();
});

test("a post: body, related posts, structured data; drafts are not found", { tag: "@same-without-js" }, async ({ page }, info) => {
  await open(page, "/bark-out/taking-your-dog-to-france-the-paperwork", info);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Taking your dog to France: the paperwork, step by step");
  await expect(page.getByRole("heading", { name: "Related articles" })).toBeVisible();
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jsonLd["@type"]).toBe("BlogPosting");
  expect(jsonLd.headline).toBe("Taking your dog to France: the paperwork, step by step");
  const [draft] = await database()<{ slug: string }[]>`
    INSERT INTO blog_posts (slug, title, status) VALUES (${`draft-${Date.now()}-${info.project.name}`}, 'A draft', 'draft') RETURNING slug`;
  const response = await page.request.get(`/bark-out/${draft.slug}`);
  expect(response.status()).toBe(404);
});

test("subscribing from a post: the captcha, the spec's success message, then confirm and unsubscribe by mail", async ({ page }, info) => {
  const email = uniqueEmail("newsletter");
  await open(page, "/bark-out/beaches-that-welcome-dogs-all-year", info);
  const form = page.locator(".blog-subscribe");
  await form.getByLabel("Your email address").fill(email);
  await completeCaptcha(page, form);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByRole("status")).toHaveText("Success! You will need to confirm your email address before you receive updates");
  await expect(page).toHaveURL(/\/bark-out\/beaches-that-welcome-dogs-all-year$/);

  const mail = await waitForMail(email, "confirm your Pawroute newsletter");
  expect(mail.text).toContain("/newsletter/unsubscribe?token=");
  await page.goto(linkIn(mail, "/newsletter/confirm"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you, your subscription is confirmed");
  const [confirmed] = await database()<{ confirmed: boolean }[]>`SELECT confirmed_at IS NOT NULL AS confirmed FROM newsletter_subscribers WHERE email = ${email}`;
  expect(confirmed.confirmed).toBe(true);

  await page.goto(linkIn(mail, "/newsletter/unsubscribe"));
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You have been unsubscribed");
  const [after] = await database()<{ gone: boolean }[]>`SELECT unsubscribed_at IS NOT NULL AS gone FROM newsletter_subscribers WHERE email = ${email}`;
  expect(after.gone).toBe(true);
});

test("the Atom feed and the sitemap list the posts", { tag: "@http" }, async ({ request }) => {
  const feed = await request.get("/bark-out/feed.atom");
  expect(feed.headers()["content-type"]).toContain("application/atom+xml");
  const atom = await feed.text();
  expect(atom).toContain("<title>Five motorway stops with a proper dog walk</title>");
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("/bark-out/five-motorway-stops-with-a-proper-dog-walk</loc>");
  expect(sitemap).toContain("/browse/road/united-kingdom/");
  expect(sitemap).toMatch(/\/dog-walk\/[a-z0-9_-]+<\/loc>/);
  expect(sitemap).toContain("/contact</loc>");
});

test("bad listing queries answer 400, not 500", { tag: "@http" }, async ({ request }) => {
  for (const query of ["page=99999999999999999999", "q=%00", "category=%3Cscript%3E", `q=${"x".repeat(101)}`]) {
    expect((await request.get(`/bark-out/?${query}`)).status(), query).toBe(400);
  }
});

// Issue 16's global page behaviour, JavaScript on and off: the footer's browse tabs with 'View all
// links', the sub-navigation, and the desktop dropdowns (the account menu, 'More', 'Bark Out blog',
// 'Search') from the keyboard (arrow keys with JavaScript).
import { FOOTER_LINKS_SHOWN } from "../../app/components/nav/FooterBrowse";
import { expect, test } from "./fixtures";
import { createMember, logInAs } from "./support/accounts";

test("the footer's browse links: each group shows its first links and 'View all links' opens the rest", async ({ page }, info) => {
  const js = info.project.name === "js";
  await page.goto("/bark-out/");
  if (js) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const browse = page.getByRole("navigation", { name: "Browse dog-friendly stops" });
  const m6 = browse.getByRole("link", { name: /^M6 / });
  await expect(m6).toBeVisible();
  const shown = browse.locator(".footer-browse__panel").first().locator(":scope > .footer-browse__links > li");
  await expect(shown).toHaveCount(FOOTER_LINKS_SHOWN);

  if (js) {
    // Tabs: one group at a time, the arrow keys move between them.
    const tabs = browse.getByRole("tab");
    await expect(tabs).toHaveText(["UK roads", "French roads", "Stops by type"]);
    await expect(browse.getByRole("link", { name: /^A6 / })).toBeHidden();
    await tabs.first().focus();
    await page.keyboard.press("ArrowRight");
    await expect(tabs.nth(1)).toBeFocused();
    await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(browse.getByRole("link", { name: /^A6 / })).toBeVisible();
    await expect(m6).toBeHidden();
    await page.keyboard.press("End");
    await expect(browse.getByRole("link", { name: "Vets", exact: true })).toBeVisible();
    await page.keyboard.press("Home");
    await expect(m6).toBeVisible();
  } else {
    // Without JavaScript every group is a titled list.
    await expect(browse.getByRole("heading", { level: 3 })).toHaveText(["UK roads", "French roads", "Stops by type"]);
    await expect(browse.getByRole("link", { name: /^A6 / })).toBeVisible();
  }

  // The UK roads past the first few are behind 'View all links'.
  const hiddenRoad = browse.getByRole("link", { name: /^M62 / });
  await expect(hiddenRoad).toBeHidden();
  const viewAll = browse.locator(".footer-browse__panel").first().locator("summary");
  await expect(viewAll).toContainText("View all links");
  await viewAll.focus();
  await page.keyboard.press("Enter");
  await expect(hiddenRoad).toBeVisible();
  await expect(viewAll).toContainText("View fewer links");
  // With JavaScript the footer's plain links navigate within the page, as <Link>s would: the window
  // (and this marker on it) stays. Without it they are ordinary links.
  if (js) await page.evaluate(() => Object.assign(window, { footerMarker: "same document" }));
  await hiddenRoad.click();
  await expect(page).toHaveURL(/\/browse\/road\/united-kingdom\/m62$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("M62");
  if (js) expect(await page.evaluate(() => (window as unknown as { footerMarker?: string }).footerMarker)).toBe("same document");
});

test("the sub-navigation and the header's links lead to their pages, marked as the current page", async ({ page }, info) => {
  const js = info.project.name === "js";
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/contact");
  if (js) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const main = page.getByRole("navigation", { name: "Main" }).first();
  await expect(main.getByRole("link", { name: "Contact", exact: true })).toHaveAttribute("aria-current", "page");
  // With JavaScript the header's plain links navigate within the page, as <Link>s would: the window
  // (and this marker on it) stays. Without it they are ordinary links.
  if (js) await page.evaluate(() => Object.assign(window, { headerMarker: "same document" }));
  const subNav = page.getByRole("navigation", { name: "Find stops" });
  await subNav.getByRole("link", { name: "Walks in France" }).click();
  await expect(page).toHaveURL(/\/walks-in-france$/);
  await expect(subNav.getByRole("link", { name: "Walks in France" })).toHaveAttribute("aria-current", "page");
  await expect(main.getByRole("link", { name: "Contact", exact: true })).not.toHaveAttribute("aria-current", "page");
  await main.getByRole("link", { name: "Treats", exact: true }).click();
  await expect(page).toHaveURL(/\/treats$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(main.getByRole("link", { name: "Treats", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(subNav.getByRole("link", { name: "Walks in France" })).not.toHaveAttribute("aria-current", "page");
  if (js) expect(await page.evaluate(() => (window as unknown as { headerMarker?: string }).headerMarker)).toBe("same document");
});

test("at 1280 and 1000 px the account dropdown opens and closes from the keyboard", async ({ page, context }, info) => {
  const js = info.project.name === "js";
  const member = await createMember({ label: "nav" });
  await logInAs(context, member);
  for (const width of [1280, 1000]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/bark-out/");
    if (js) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const menu = page.locator(".site-header__inner > .account-menu");
    const summary = menu.locator("summary");
    const overview = menu.getByRole("link", { name: "Overview" });
    await expect(overview).toBeHidden();
    await summary.focus();
    await page.keyboard.press(js ? "ArrowDown" : "Enter");
    await expect(overview).toBeVisible();
    if (js) {
      await expect(overview).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect(menu.getByRole("link", { name: "Treats" })).toBeFocused();
      await page.keyboard.press("End");
      await expect(menu.getByRole("button", { name: "Log out" })).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect(overview).toBeFocused();
      await page.keyboard.press("ArrowUp");
      await expect(menu.getByRole("button", { name: "Log out" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(overview).toBeHidden();
      await expect(summary).toBeFocused();
    } else {
      await page.keyboard.press("Tab");
      await expect(overview).toBeFocused();
      await summary.focus();
      await page.keyboard.press("Space");
      await expect(overview).toBeHidden();
    }
  }
});

test("with the keyboard, 'More' opens with Space and its links follow on", async ({ page }, info) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  if (info.project.name === "js") await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const more = page.locator(".main-nav .nav-more");
  await more.locator("summary").focus();
  await page.keyboard.press("Space");
  await expect(more.getByRole("link", { name: "FAQs" })).toBeVisible();
  if (info.project.name === "js") {
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(more.getByRole("link", { name: "FAQs" })).toBeFocused();
    await page.keyboard.press("Home");
    await expect(more.getByRole("link", { name: "Subscriptions" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
  } else {
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
  }
  await expect(more.getByRole("link", { name: "FAQs" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/faqs$/);
});

test("at 1280 px the sticky header keeps an anchor's target clear of it", { tag: "@same-without-js" }, async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto("/faqs#faqs-contact-title");
  const target = page.locator("#faqs-contact-title");
  await expect(target).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY), "the page scrolled to the anchor").toBeGreaterThan(0);
  const headerBottom = await page.locator(".site-header").evaluate((element) => element.getBoundingClientRect().bottom);
  const top = await target.evaluate((element) => element.getBoundingClientRect().top);
  expect(top).toBeGreaterThanOrEqual(headerBottom);
});

test("at 1280 and 1000 px 'Bark Out blog' opens from the keyboard with the latest posts, each category and the story form", async ({ page }, info) => {
  const js = info.project.name === "js";
  for (const width of [1280, 1000]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/contact");
    if (js) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const blog = page.locator(".main-nav .nav-dropdown", { has: page.locator("summary", { hasText: "Bark Out blog" }) });
    const summary = blog.locator("summary");
    const latest = blog.getByRole("link", { name: "Latest posts" });
    await expect(latest).toBeHidden();
    await summary.focus();
    await page.keyboard.press(js ? "ArrowDown" : "Enter");
    await expect(blog.getByRole("link")).toHaveText(["Latest posts", "Walks", "Travel tips", "Pubs and cafes", "Beaches", "Dog health", "Books", "Your stories", "Share your story"]);
    if (js) {
      await expect(latest).toBeFocused();
      await page.keyboard.press("End");
      await expect(blog.getByRole("link", { name: "Share your story" })).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect(latest).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(latest).toBeHidden();
      await expect(summary).toBeFocused();
    } else {
      await page.keyboard.press("Tab");
      await expect(latest).toBeFocused();
      await summary.focus();
      await page.keyboard.press("Enter");
      await expect(latest).toBeHidden();
    }
  }
  // A category entry is the listing's own filter; on the blog the summary is marked as the current section.
  const blog = page.locator(".main-nav .nav-dropdown", { has: page.locator("summary", { hasText: "Bark Out blog" }) });
  await blog.locator("summary").click();
  await blog.getByRole("link", { name: "Beaches" }).click();
  await expect(page).toHaveURL(/\/bark-out\?category=beaches$/);
  await expect(page.getByRole("checkbox", { name: "Beaches", exact: true })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "All categories" })).not.toBeChecked();
  await expect(blog).toHaveAttribute("data-current", "true");
});

test("'Search' opens the homepage search at the chosen tab, also from the homepage itself", async ({ page }, info) => {
  const js = info.project.name === "js";
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/?tab=route");
  if (js) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByRole("tab", { name: "Along a route" })).toHaveAttribute("aria-selected", "true");
  const search = page.locator(".main-nav .nav-dropdown", { has: page.locator("summary", { hasText: /^Search$/ }) });
  await search.locator("summary").focus();
  await page.keyboard.press(js ? "ArrowDown" : "Enter");
  await expect(search.getByRole("link")).toHaveText(["By road", "Near a place", "Along a route"]);
  // None of the three claims to be the page: they differ only in the query string.
  await expect(search.locator("[aria-current]")).toHaveCount(0);
  await search.getByRole("link", { name: "By road" }).click();
  await expect(page).toHaveURL(/\/\?tab=road$/);
  await expect(page.getByRole("tab", { name: "By road" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel", { name: "By road" })).toBeVisible();
});

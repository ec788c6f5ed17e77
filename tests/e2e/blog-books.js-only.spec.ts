// The books' order in one serial file (every test changes the same list): up and down buttons with
// JavaScript off and on, dragging with it, and a wrong order refused, each with the spec's message.
import type { Browser, Page } from "@playwright/test";
import { createMember, logInAs } from "./support/accounts";
import { expect, test } from "./fixtures";

test.describe.configure({ mode: "serial" });
test.use({ allowClientErrors: true });

/** The books page as a new administrator: in the test's page, or (JavaScript off) in a context of its own. */
async function booksPage(browser: Browser, page: Page, javaScript: boolean): Promise<Page> {
  const admin = await createMember({ admin: true, label: "books" });
  const target = javaScript ? page : await (await browser.newContext({ javaScriptEnabled: false, baseURL: test.info().project.use.baseURL })).newPage();
  await logInAs(target.context(), admin);
  await target.goto("/account/admin/books");
  if (javaScript) await expect(target.locator("html")).toHaveAttribute("data-hydrated", "true");
  return target;
}

const titlesOf = (page: Page) => async () => (await page.locator(".books-order__title").allInnerTexts()).map((text) => text.replace(/^\d+\.\s*/, ""));

for (const javaScript of [false, true]) {
  test(`up and down buttons save at once with the spec's message (JavaScript ${javaScript ? "on" : "off"})`, async ({ browser, page }) => {
    const books = await booksPage(browser, page, javaScript);
    const titles = titlesOf(books);
    const before = await titles();
    expect(before.length).toBeGreaterThanOrEqual(3);
    await books.locator(".books-order__item").filter({ hasText: before[0] }).getByRole("button", { name: /^Down/ }).click();
    await expect(books.getByText("Books order updates successfully")).toBeVisible();
    await expect.poll(titles).toEqual([before[1], before[0], ...before.slice(2)]);
    await books.locator(".books-order__item").filter({ hasText: before[0] }).getByRole("button", { name: /^Up/ }).click();
    await expect.poll(titles).toEqual(before);
  });
}

test("with JavaScript, books are dragged into a new order and saved with 'Save order'", async ({ browser, page }) => {
  const books = await booksPage(browser, page, true);
  const titles = titlesOf(books);
  const before = await titles();
  await books.locator(".books-order__item").nth(2).dragTo(books.locator(".books-order__item").nth(0));
  await expect.poll(titles).toEqual([before[2], before[0], before[1], ...before.slice(3)]);
  await books.getByRole("button", { name: "Save order" }).click();
  await expect(books.getByText("Books order updates successfully")).toBeVisible();
  await books.reload();
  await expect.poll(titles).toEqual([before[2], before[0], before[1], ...before.slice(3)]);
  await books.locator(".books-order__item").nth(0).dragTo(books.locator(".books-order__item").nth(2));
  await books.getByRole("button", { name: "Save order" }).click();
  await expect(books.getByText("Books order updates successfully")).toBeVisible();
  await books.reload();
  await expect.poll(titles).toEqual(before);
});

test("an order that is not exactly the book posts is refused with the spec's message", async ({ browser, page }) => {
  const books = await booksPage(browser, page, true);
  const response = await books.request.post("/account/admin/books", { form: { order: "999999" } });
  expect(response.status()).toBe(409);
  expect(await response.text()).toMatch(/Couldn(&#x27;|&#39;|')t update books order/);
});

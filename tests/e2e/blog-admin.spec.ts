// The blog's back office with JavaScript on and off: the post list's tabs, writing and publishing a
// post, scheduled posts, and contact messages read/unread (the books' order: blog-books.js-only.spec.ts).
import type { Page, TestInfo } from "@playwright/test";
import { createMember, database, logInAs } from "./support/accounts";
import { expect, test } from "./fixtures";

test.use({ allowClientErrors: true });

async function asAdmin(page: Page, info: TestInfo, path: string) {
  const admin = await createMember({ admin: true, label: "blog-admin" });
  await logInAs(page.context(), admin);
  await page.goto(path);
  if (info.project.name === "js") await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

test("write a draft, see it under Drafts, preview it, publish it and find it on Bark Out, then delete it", async ({ page }, info) => {
  await asAdmin(page, info, "/account/admin/blog-posts/new");
  const title = `Dog-friendly ferries (${info.project.name} ${Date.now()})`;
  await page.getByLabel("Title").fill(title);
  if (info.project.name === "js") {
    await page.getByRole("textbox", { name: "Body" }).click();
    await page.keyboard.type("Most ferries take dogs, in the car or in a kennel on deck.");
  } else {
    await page.getByLabel("Body").fill("Most ferries take dogs, in the car or in a kennel on deck.\n\nBook early in summer.");
  }
  await page.getByRole("checkbox", { name: "Travel tips" }).check();
  await page.getByRole("button", { name: "Save post" }).click();
  await expect(page.getByText("The post has been saved")).toBeVisible();
  const [post] = await database()<{ id: number; slug: string; status: string; body_html: string }[]>`SELECT id, slug, status, body_html FROM blog_posts WHERE title = ${title}`;
  expect(post.status).toBe("draft");
  expect(post.body_html).toContain("<p>Most ferries take dogs, in the car or in a kennel on deck.</p>");

  await page.goto("/account/admin/blog-posts/drafts");
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  await page.goto(`/account/admin/blog-posts/preview/${post.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  expect((await page.request.get(`/bark-out/${post.slug}`)).status()).toBe(404);

  await page.goto(`/account/admin/blog-posts/edit/${post.id}`);
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByText("The post has been published")).toBeVisible();
  await page.goto(`/bark-out/${post.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

  await page.goto("/account/admin/blog-posts/published");
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  await page.goto(`/account/admin/blog-posts/edit/${post.id}`);
  page.on("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Delete post" }).click();
  await expect(page.getByText("The post has been deleted")).toBeVisible();
  expect(await database()`SELECT id FROM blog_posts WHERE id = ${post.id}`).toHaveLength(0);
});

test("a scheduled post waits under Scheduled and stays hidden until its date", { tag: "@same-without-js" }, async ({ page }, info) => {
  const slug = `scheduled-${info.project.name}-${Date.now()}`;
  await database()`INSERT INTO blog_posts (slug, title, status, published_at) VALUES (${slug}, ${`Later ${slug}`}, 'scheduled', now() + interval '3 days')`;
  await asAdmin(page, info, "/account/admin/blog-posts/scheduled");
  await expect(page.getByRole("link", { name: `Later ${slug}` })).toBeVisible();
  expect((await page.request.get(`/bark-out/${slug}`)).status()).toBe(404);
  await database()`UPDATE blog_posts SET published_at = now() - interval '1 minute' WHERE slug = ${slug}`;
  expect((await page.request.get(`/bark-out/${slug}`)).status()).toBe(200);
  await database()`DELETE FROM blog_posts WHERE slug = ${slug}`;
});

test("contact messages: unread first, opening marks read, and back to unread", async ({ page }, info) => {
  const [message] = await database()<{ id: number }[]>`INSERT INTO contact_messages (name, email, message) VALUES ('Robin', 'robin@example.com', ${`Hello from ${info.project.name}`}) RETURNING id`;
  await asAdmin(page, info, "/account/admin/contact-messages?show=unread");
  await expect(page.getByRole("link", { name: /Robin <robin@example.com>/ }).first()).toBeVisible();
  await page.goto(`/account/admin/contact-messages/${message.id}`);
  await expect(page.getByText(`Hello from ${info.project.name}`).first()).toBeVisible();
  const [read] = await database()<{ read: boolean }[]>`SELECT read_at IS NOT NULL AS read FROM contact_messages WHERE id = ${message.id}`;
  expect(read.read).toBe(true);
  await page.getByRole("button", { name: "Mark this message as unread" }).click();
  // The click posts the form; the row changes once its action has run.
  await expect
    .poll(async () => (await database()<{ read: boolean }[]>`SELECT read_at IS NOT NULL AS read FROM contact_messages WHERE id = ${message.id}`)[0].read)
    .toBe(false);
});

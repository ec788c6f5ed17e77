// Bark Out's services on the real database: the checklist rule, bounded filters, full-text search,
// saving with the rich-text allowlist, the books' order, story points awarded once, and the
// newsletter mail's unsubscribe headers.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { moveBook, bookList, parseVideos, publishPost, savePost, saveBookOrder, slugify } from "../../app/blog/admin.server";
import { newsletterConfirmMail } from "../../app/blog/mail.server";
import { listPosts, publishedPost, readBlogFilters } from "../../app/blog/posts.server";
import { adminPostSchema } from "../../app/blog/schemas";
import { resolveCategories } from "../../app/blog/types";
import { closeDatabase, sql } from "../../app/db.server";
import { AppError } from "../../core/errors";

afterAll(async () => {
  await closeDatabase();
});

describe("the category checklist rule", () => {
  it("ticking 'all' unticks the others, ticking a category unticks 'all', none left means all", () => {
    expect(resolveCategories(["all", "walks"], ["walks"])).toEqual([]);
    expect(resolveCategories(["all", "walks"], ["all"])).toEqual(["walks"]);
    expect(resolveCategories(["walks", "books"], ["walks"])).toEqual(["walks", "books"]);
    expect(resolveCategories([], ["walks"])).toEqual([]);
  });
});

describe("listing filters", () => {
  it("refuses unbounded values with a 400", () => {
    for (const query of ["page=99999999999999999999", "page=0", "q=%00", `q=${"x".repeat(101)}`, "category=Bad%20Slug"]) {
      expect(() => readBlogFilters(new URLSearchParams(query)), query).toThrow(AppError);
    }
    expect(readBlogFilters(new URLSearchParams("category=all&category=walks&previous=walks"))).toMatchObject({ selected: [], fromForm: true });
  });

  it("searches titles and bodies with PostgreSQL full-text search, stemming included", async () => {
    const found = await listPosts({ selected: [], q: "tapeworms", page: 1 }, null);
    expect(found.posts.map((post) => post.slug)).toContain("taking-your-dog-to-france-the-paperwork");
    const books = await listPosts({ selected: ["books"], q: "", page: 1 }, null);
    expect(books.posts.every((post) => post.categories.some((category) => category.slug === "books"))).toBe(true);
    expect(books.total).toBeGreaterThanOrEqual(3);
  });
});

describe("saving posts", () => {
  const base = () => adminPostSchema.parse({ title: `Test post ${randomUUID()}`, body: "", descriptionFormat: "html", categories: [], status: "draft", publishedAt: "", gallery: [], videos: "" });

  it("keeps only the allowlisted tags, makes a slug, and hides drafts from readers", async () => {
    const form = { ...base(), body: '<p onclick="x()">Hello <script>alert(1)</script><a href="javascript:x">link</a> <strong>dogs</strong></p><iframe src="//evil"></iframe>' };
    const id = await savePost(null, form, []);
    const [row] = await sql()<{ body_html: string; slug: string }[]>`SELECT body_html, slug FROM blog_posts WHERE id = ${id}`;
    expect(row.body_html).toBe("<p>Hello link <strong>dogs</strong></p>");
    expect(row.slug).toBe(slugify(form.title));
    await expect(publishedPost(row.slug, null)).rejects.toThrow(AppError);
    await publishPost(id);
    expect((await publishedPost(row.slug, null)).title).toBe(form.title);
    await sql()`DELETE FROM blog_posts WHERE id = ${id}`;
  });

  it("accepts videos on this site or known embed hosts only", () => {
    expect(parseVideos("/videos/a.mp4 | Zoomies\nhttps://www.youtube-nocookie.com/embed/dQw4w9WgXcQ")).toEqual([
      { kind: "video", url: "/videos/a.mp4", title: "Zoomies" },
      { kind: "video", url: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", title: "Video" },
    ]);
    for (const bad of ["javascript:alert(1)", "//evil.example/x.mp4", "https://evil.example/embed"]) expect(() => parseVideos(bad), bad).toThrow(AppError);
  });

  it("awards a story's Treat Points once, however often it is published", async () => {
    const [user] = await sql()<{ id: number }[]>`INSERT INTO users (email, username, email_verified) VALUES (${`story-${randomUUID()}@test.invalid`}, ${`s_${randomUUID().slice(0, 8)}`}, true) RETURNING id`;
    const [post] = await sql()<{ id: number }[]>`
      INSERT INTO blog_posts (slug, title, status, author_user_id, story) VALUES (${`story-${randomUUID().slice(0, 8)}`}, 'A story', 'draft', ${user.id}, '{"likes":"a","favouriteWalks":"b","walkActivities":"c"}') RETURNING id`;
    await publishPost(post.id);
    await sql()`UPDATE blog_posts SET status = 'draft' WHERE id = ${post.id}`;
    await publishPost(post.id);
    const [after] = await sql()<{ points: number }[]>`SELECT points FROM users WHERE id = ${user.id}`;
    expect(after.points).toBe(50);
    await sql()`DELETE FROM blog_posts WHERE id = ${post.id}`;
  });
});

describe("the books' order", () => {
  it("moves one book and refuses an order that is not exactly the book posts", async () => {
    const before = (await bookList()).map((book) => book.id);
    await moveBook(before[0], "down");
    expect((await bookList()).map((book) => book.id)).toEqual([before[1], before[0], ...before.slice(2)]);
    await expect(saveBookOrder([before[0]])).rejects.toThrow("Couldn't update books order");
    await expect(saveBookOrder([...before, before[0]])).rejects.toThrow("Couldn't update books order");
    await saveBookOrder(before);
    expect((await bookList()).map((book) => book.id)).toEqual(before);
  });
});

describe("newsletter mail", () => {
  it("carries a one-click unsubscribe link and the List-Unsubscribe headers", () => {
    const mail = newsletterConfirmMail("reader@example.com", "tok_123");
    expect(mail.headers?.["List-Unsubscribe"]).toMatch(/^<https?:\/\/[^>]+\/newsletter\/unsubscribe\?token=tok_123>$/);
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.text).toContain("/newsletter/unsubscribe?token=tok_123");
    expect(mail.html).toContain("/newsletter/unsubscribe?token=tok_123");
  });
});

// The contact form (/contact and /faqs) and the story form (/bark-out/submit), with JavaScript on and
// off: the spec's messages, the captcha (for everyone on contact, for visitors on stories; enforced on the server), success states,
// what is stored and mailed, and a burst from one address refused with a clear message.
import type { Page, TestInfo } from "@playwright/test";
import { completeCaptcha, fallbackFrom } from "./support/captcha";
import { createMember, database, logInAs, uniqueEmail } from "./support/accounts";
import { waitForMail } from "./support/mail";
import { expect, test } from "./fixtures";

test.use({ allowClientErrors: true });

const TEAM = "team@pawroute.test";

async function open(page: Page, path: string, info: TestInfo) {
  await page.goto(path);
  if (info.project.name === "js") await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

for (const path of ["/contact", "/faqs"]) {
  test(`${path}: empty fields show the spec's messages; a visitor's message is stored, mailed and thanked`, async ({ page }, info) => {
    await open(page, path, info);
    const form = page.locator("form#contact");
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(form.getByText("Please enter your name")).toBeVisible();
    await expect(form.getByText("Please enter your email", { exact: true })).toBeVisible();
    await expect(form.getByText("Please enter your message")).toBeVisible();

    const email = uniqueEmail("contact");
    const text = `Is the beach at the end of the A16 open to dogs in July? (${info.project.name} ${path})`;
    await form.getByLabel("Your name").fill("Sam Walker");
    await form.getByLabel("Your email address").fill(email);
    await form.getByLabel("Your message").fill(text);
    await completeCaptcha(page, form);
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("status").getByText("Thank you, your message has been sent")).toBeVisible();
    await expect(page.locator("form#contact")).toHaveCount(0);

    const [stored] = await database()<{ name: string; read: boolean }[]>`SELECT name, read_at IS NOT NULL AS read FROM contact_messages WHERE email = ${email}`;
    expect(stored).toEqual({ name: "Sam Walker", read: false });
    // Both forms' tests mail the team under the same subject: pick this one's message by its text.
    const mail = await waitForMail(TEAM, "Contact form: message from Sam Walker", text);
    expect(mail.text).toContain(email);
  });
}

test("/faqs: one item opens per click, and opening another closes it", async ({ page }, info) => {
  await open(page, "/faqs", info);
  const first = page.locator("details.faq").nth(0);
  const second = page.locator("details.faq").nth(1);
  await first.locator("summary").click();
  await expect(first).toHaveAttribute("open", "");
  await second.locator("summary").click();
  await expect(second).toHaveAttribute("open", "");
  await expect(first).not.toHaveAttribute("open", "");
  await second.locator("summary").click();
  await expect(second).not.toHaveAttribute("open", "");
});

test("a member's contact form has their name and address filled in, and the captcha (the spec exempts only stories)", async ({ page }, info) => {
  const member = await createMember({ label: "contact-member" });
  await logInAs(page.context(), member);
  await open(page, "/contact", info);
  const form = page.locator("form#contact");
  await expect(form.getByLabel("Your email address")).toHaveValue(member.email);
  await form.getByLabel("Your message").fill("A question from a member.");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByText("Please confirm that you are not a robot.")).toBeVisible();
  await completeCaptcha(page, form);
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Thank you, your message has been sent")).toBeVisible();
});

test("the server refuses a visitor's contact message without a captcha, and a burst from one address", { tag: "@http" }, async ({ request }) => {
  const fields = { name: "Bot", email: "bot@example.com", message: "Hello" };
  const missing = await request.post("/contact", { form: fields, maxRedirects: 0 });
  expect(missing.status()).toBe(400);
  expect(await missing.text()).toContain("Please confirm that you are not a robot.");

  const statuses: number[] = [];
  let last = "";
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const captcha = await fallbackFrom(request, "/contact");
    const response = await request.post("/contact", { form: { ...fields, email: `burst-${attempt}@example.com`, captchaToken: captcha.token, captchaAnswer: captcha.answer } });
    statuses.push(response.status());
    last = await response.text();
  }
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  expect(last).toContain("Too many attempts. Please wait");
  // Nothing already sent is lost.
  const [kept] = await database()<{ count: number }[]>`SELECT count(*)::int AS count FROM contact_messages WHERE email LIKE 'burst-%@example.com' AND created_at > now() - interval '1 minute'`;
  expect(kept.count).toBeGreaterThanOrEqual(5);
});

test("a visitor's story: the spec's messages, the captcha, 'Your story has been sent!', and a draft post", async ({ page }, info) => {
  await open(page, "/bark-out/submit", info);
  const form = page.locator("form#story");
  await form.getByRole("button", { name: "Send my story" }).click();
  await expect(form.getByText("Please describe what your dog enjoys")).toBeVisible();
  await expect(form.getByText("Please describe what kind of walks your dog enjoys")).toBeVisible();
  await expect(form.getByText("Please describe the sort of things your dog gets up to on your walks")).toBeVisible();

  const email = uniqueEmail("story");
  await form.getByLabel("Your name").fill("Alex Rowe");
  await form.getByLabel("Your email address").fill(email);
  await form.getByLabel("What does your dog enjoy?").fill("Chasing tennis balls and meeting other dogs.");
  await form.getByLabel("What kind of walks does your dog enjoy?").fill("Long beach walks at low tide.");
  await form.getByLabel("What does your dog get up to on your walks?").fill("Digging holes and swimming.");
  await completeCaptcha(page, form);
  await form.getByRole("button", { name: "Send my story" }).click();
  const thanks = page.getByRole("status");
  await expect(thanks.getByRole("heading", { name: "Your story has been sent!" })).toBeVisible();
  await expect(thanks).toContainText("Treat Points");
  await expect(thanks.getByRole("link", { name: "Back to Bark Out" })).toHaveAttribute("href", "/bark-out");

  const [post] = await database()<{ status: string; author_name: string; categories: string[] }[]>`
    SELECT p.status, p.author_name, array(SELECT c.slug FROM blog_post_categories pc JOIN blog_categories c ON c.id = pc.category_id WHERE pc.post_id = p.id) AS categories
    FROM blog_posts p WHERE p.story->>'email' = ${email}`;
  expect(post).toEqual({ status: "draft", author_name: "Alex Rowe", categories: ["your-stories"] });
  await waitForMail(TEAM, "Bark Out: a new story from Alex Rowe");
});

test("a member's story needs no captcha; publishing it awards the configured Treat Points once", async ({ page, browser }, info) => {
  const member = await createMember({ label: "story-member" });
  await logInAs(page.context(), member);
  await open(page, "/bark-out/submit", info);
  const form = page.locator("form#story");
  await expect(form.locator("input[name=captchaAnswer], altcha-widget")).toHaveCount(0);
  await form.getByLabel("What does your dog enjoy?").fill("Sticks.");
  await form.getByLabel("What kind of walks does your dog enjoy?").fill("Woods.");
  await form.getByLabel("What does your dog get up to on your walks?").fill("Rolling in leaves.");
  await form.getByRole("button", { name: "Send my story" }).click();
  await expect(page.getByRole("heading", { name: "Your story has been sent!" })).toBeVisible();
  const [post] = await database()<{ id: number }[]>`SELECT id FROM blog_posts WHERE author_user_id = ${member.id}`;

  const admin = await createMember({ admin: true, label: "story-admin" });
  const adminContext = await browser.newContext({ javaScriptEnabled: info.project.name === "js" });
  await logInAs(adminContext, admin);
  const adminPage = await adminContext.newPage();
  await adminPage.goto("/account/admin/blog-posts/stories");
  await adminPage.getByRole("row").filter({ has: adminPage.getByRole("link", { name: `Your story: from ${member.username}` }) }).getByRole("button", { name: /Publish/ }).click();
  await expect(adminPage.getByText("The post has been published")).toBeVisible();
  // Publishing again (after unpublishing) does not award twice.
  await adminPage.goto(`/account/admin/blog-posts/edit/${post.id}`);
  await adminPage.getByRole("button", { name: "Unpublish" }).click();
  await adminPage.getByRole("button", { name: "Publish now" }).click();
  await adminContext.close();

  const [points] = await database()<{ points: number; entries: number }[]>`
    SELECT u.points, (SELECT count(*)::int FROM points_entries e WHERE e.user_id = u.id AND e.reason LIKE 'Your story appeared on Bark Out%') AS entries FROM users u WHERE u.id = ${member.id}`;
  expect(points).toEqual({ points: 50, entries: 1 });
});

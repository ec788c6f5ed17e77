import { closeDatabase } from "../../app/db.server";
import { acceptReview } from "../../app/reviews/reviews.server";
import { IMAGE, liveListing, REVIEW_TEXT } from "./listing-support";
import { createMember, database, logInAs } from "./support/accounts";
import { completeCaptcha } from "./support/captcha";
import { waitForMail } from "./support/mail";
import { expect, test } from "./fixtures";

// A member writes a review (rating, counter, photo, captcha); it appears once an administrator accepts
// it, and the member is mailed over SMTP. JavaScript on (the modal, uploads with progress) and off.

// acceptReview runs in this process and queues the mail where the server under test's worker reads it
// (JOB_QUEUE_SCHEMA in playwright.config.ts).
process.env.JOB_QUEUE_SCHEMA ??= "graphile_worker_e2e";
process.env.SESSION_SECRET ??= "e2e-only-session-secret-0123456789abcdef";
test.afterAll(closeDatabase);

test("a member's review appears after an administrator approves it, and the approval is mailed", async ({ page, javaScriptEnabled }) => {
  const listing = await liveListing(javaScriptEnabled ? 10 : 11);
  const member = await createMember({ label: "reviewer" });
  const admin = await createMember({ admin: true, label: "moderator" });
  await logInAs(page.context(), member);
  await page.goto(listing.url);
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("link", { name: "Write a review" }).click();
  const form = javaScriptEnabled ? page.getByRole("dialog", { name: "Write a review" }) : page.locator("main");
  if (!javaScriptEnabled) await expect(page).toHaveURL(`${listing.url}/review`);

  await form.getByLabel("4 stars: Very good").check();
  const title = `Muddy but marvellous ${Math.random().toString(36).slice(2, 8)}`;
  await form.getByLabel("Title").fill(title);
  const text = form.getByLabel("Your review");
  if (javaScriptEnabled) {
    await text.fill("Too short");
    await expect(form.locator("#review-counter")).toHaveText("91 more characters needed (at least 100)");
  }
  await text.fill(REVIEW_TEXT);
  if (javaScriptEnabled) await expect(form.locator("#review-counter")).toHaveText("Done: that's long enough. Thank you!");
  await form.locator('input[type="file"]').setInputFiles(IMAGE);
  if (javaScriptEnabled) await expect(form.locator(".uploader__item img")).toHaveCount(1);
  await completeCaptcha(page, form);
  await form.getByRole("button", { name: "Send my review" }).click();

  await expect(page).toHaveURL(`${listing.url}?reviewed=1`);
  await expect(page.getByText("Thank you for your review. It will appear here once our team has checked it.")).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);

  const [review] = await database()<{ id: number; image_ids: string[]; status: number }[]>`SELECT id, image_ids, status FROM reviews WHERE user_id = ${member.id}`;
  expect(review.status).toBe(0);
  expect(review.image_ids).toHaveLength(1);
  await acceptReview({ id: admin.id, email: admin.email, username: admin.username, isAdmin: true, emailVerified: true, hasPassword: true, sessionId: "e2e" }, review.id);

  await page.goto(listing.url);
  const shown = page.locator(`[data-review-id="${review.id}"]`);
  await expect(shown.getByRole("heading", { name: title })).toBeVisible();
  await expect(shown.getByRole("img", { name: "4 out of 5 stars" })).toBeVisible();
  await expect(shown.locator(".gallery img")).toHaveAttribute("srcset", /\/uploads\/[0-9a-f]{24}\/5\.webp 640w/);
  const mail = await waitForMail(member.email, "Your Pawroute review has been approved");
  expect(mail.text).toContain(listing.full_title);
  expect(mail.text).toContain("10 Treat Points");
  await database()`DELETE FROM reviews WHERE user_id = ${member.id}`;
});

test("a visitor is sent to log in to write a review", { tag: "@same-without-js" }, async ({ page }) => {
  const listing = await liveListing(12);
  await page.goto(`${listing.url}/review`);
  await expect(page).toHaveURL(`/account/login/?redirectTo=${encodeURIComponent(`${listing.url}/review`)}&reason=review`);
});

test.describe("a review that is too short", () => {
  test.use({ allowClientErrors: true });
  test("is refused with the message", async ({ page }) => {
    const listing = await liveListing(12);
    await logInAs(page.context(), await createMember());
    await page.goto(`${listing.url}/review`);
    await page.getByLabel("5 stars: Excellent").check();
    await page.getByLabel("Your review").fill("Nice.");
    await page.getByRole("button", { name: "Send my review" }).click();
    await expect(page.getByText("Please write at least 100 characters about your visit")).toBeVisible();
  });
});

test("a visitor's Write a review lands on log-in with the reason, and comes back to the review after", async ({ page, javaScriptEnabled }) => {
  const listing = await liveListing(javaScriptEnabled ? 12 : 13);
  await page.goto(listing.url);
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("link", { name: "Write a review" }).click();
  await expect(page).toHaveURL(`/account/login/?redirectTo=${encodeURIComponent(`${listing.url}/review`)}&reason=review`);
  await expect(page.getByRole("status").filter({ hasText: "Please log in to write a review." })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Join for free" }).first()).toHaveAttribute("href", `/join?redirectTo=${encodeURIComponent(`${listing.url}/review`)}`);
  await expect(page.getByText("Welcome back!")).toHaveCount(0);
});

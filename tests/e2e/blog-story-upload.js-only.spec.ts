// With JavaScript the story's photos upload as soon as they are chosen: the submit button waits for
// them, and the sent story carries the uploaded image in its gallery.
import { createMember, database, logInAs } from "./support/accounts";
import { expect, test } from "./fixtures";

test("submit is disabled while a photo uploads, and the photo goes with the story", async ({ page }) => {
  const member = await createMember({ label: "story-photo" });
  await logInAs(page.context(), member);
  // Hold the upload's answer for a moment so the waiting state can be seen.
  await page.route("**/api/gallery/items", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto("/bark-out/submit");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const form = page.locator("form#story");
  await form.getByLabel("What does your dog enjoy?").fill("Carrots.");
  await form.getByLabel("What kind of walks does your dog enjoy?").fill("Hills.");
  await form.getByLabel("What does your dog get up to on your walks?").fill("Herding sheep, from a distance.");
  await form.locator("input[type=file]").setInputFiles("tests/fixtures/images/with-gps.jpg");
  await expect(form.getByRole("button", { name: "Waiting for photos…" })).toBeDisabled();
  await expect(form.getByRole("button", { name: "Send my story" })).toBeEnabled({ timeout: 20_000 });
  await form.getByRole("button", { name: "Send my story" }).click();
  await expect(page.getByRole("heading", { name: "Your story has been sent!" })).toBeVisible();
  const [post] = await database()<{ images: number }[]>`SELECT jsonb_array_length(gallery)::int AS images FROM blog_posts WHERE author_user_id = ${member.id}`;
  expect(post.images).toBe(1);
});

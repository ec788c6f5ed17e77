import { createMember, logInAs } from "./support/accounts";
import { expect, test } from "./fixtures";

// The loading state needs JavaScript (without it the form posts as a page), so only the js project runs this file.
test("the banner's button shows a loading state while the link is being sent", async ({ page }) => {
  const member = await createMember({ verified: false });
  await logInAs(page.context(), member);
  await page.route("**/account/verify-email*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await page.goto("/account");
  // Before hydration the button posts the plain form, which has no loading state.
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const banner = page.getByRole("region", { name: "Confirm your email address" });
  await banner.getByRole("button", { name: "Send the link again" }).click();
  await expect(banner.getByRole("button", { name: "Sending…" })).toBeDisabled();
  await expect(banner.getByText("Sent! Check your inbox.")).toBeVisible();
});

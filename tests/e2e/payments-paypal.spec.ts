import { createMember, logInAs } from "./support/accounts";
import { expect, test } from "./support/test";

// The PayPal button needs JavaScript (PayPal's window): with it the page offers PayPal; without it the
// PayPal wrapper is absent and the page offers nothing broken.
test("the payment page offers PayPal only where it can work", async ({ page, javaScriptEnabled }) => {
  const member = await createMember();
  await logInAs(page.context(), member);
  await page.goto("/payment?option=monthly");
  await expect(page.getByRole("heading", { name: "Monthly plan" })).toBeVisible();
  if (javaScriptEnabled) {
    await expect(page.getByRole("heading", { name: "Pay with PayPal" })).toBeVisible();
    await expect(page.getByRole("button", { name: "PayPal", exact: true })).toBeEnabled();
  } else {
    await expect(page.getByText("Card payment needs JavaScript")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Pay with PayPal" })).toHaveCount(0);
    await expect(page.locator(".payment__paypal")).toHaveCount(0);
  }
});

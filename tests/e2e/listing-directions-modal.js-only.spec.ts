import { liveListing } from "./listing-support";
import { expect, test } from "./fixtures";

// The directions modal on a slow machine (issue 10): typing a starting place and clicking "Get
// directions" at once must get the directions, even when the place suggestions arrive in between and
// open over the button. The CPU is slowed through the DevTools protocol to widen that window.

// A slowed CPU makes the page itself slow to load and type into.
test.describe.configure({ timeout: 90_000 });

test("typing a place then clicking Get directions at once shows the route in the modal, on a slow CPU", async ({ page }) => {
  const listing = await liveListing(4);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(listing.url);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  await page.getByRole("link", { name: "Directions", exact: true }).first().click();
  const dialog = page.getByRole("dialog", { name: "Directions" });
  const field = dialog.getByLabel("Starting from");
  await field.pressSequentially("Carlisle");
  // The suggestions are on their way (they wait for a pause in typing); the visitor clicks straight away.
  await dialog.getByRole("button", { name: "Get directions" }).click();
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await expect(dialog.getByRole("heading", { name: /^Your route from Carlisle/ })).toBeVisible({ timeout: 30_000 });
  await expect(field).toHaveValue("Carlisle");
});

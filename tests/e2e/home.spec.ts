import { directoryContents } from "./database";
import { expect, test } from "./fixtures";

test("the homepage renders the hero, live counts, roads and data credits", async ({ page, javaScriptEnabled }) => {
  const expected = await directoryContents();
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);

  await expect(page).toHaveTitle(/Pawroute/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dog-friendly stops for every trip across the UK and France");

  const stats = page.getByRole("region", { name: "In the directory" });
  const cards = stats.getByRole("listitem");
  await expect(cards).toHaveCount(expected.listingCounts.length);
  await expect(cards).toHaveText(expected.listingCounts.map((count) => new RegExp(`^${count.toLocaleString("en-GB")}\\s?\\D`)));
  const noListings = expected.listingCounts.every((count) => count === 0);
  await expect(stats.getByText("The first listings are on their way")).toHaveCount(noListings ? 1 : 0);

  const roads = page.getByRole("region", { name: "Roads we cover" });
  await expect(roads).toBeVisible();
  if (expected.roads.uk + expected.roads.france === 0) {
    await expect(roads.getByText("We are mapping the roads")).toBeVisible();
  } else {
    await expect(roads.getByRole("heading", { name: /United Kingdom/ })).toBeVisible();
    await expect(roads.getByRole("heading", { name: /France/ })).toBeVisible();
    await expect(roads.locator(".road-badge")).toHaveCount(expected.roads.uk + expected.roads.france);
  }

  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "GeoNames" })).toBeVisible();
  await expect(footer).toContainText("CC BY 4.0");
  await expect(footer).toContainText("Natural Earth");
  await expect(footer).toContainText("OpenStreetMap");

  // With JavaScript the app hydrates (root sets the flag in an effect); without, the server HTML is the whole page.
  const html = page.locator("html");
  if (javaScriptEnabled) await expect(html).toHaveAttribute("data-hydrated", "true");
  else await expect(html).not.toHaveAttribute("data-hydrated", /.*/);
});

test("the stylesheets load and no request leaves the machine", { tag: "@same-without-js" }, async ({ page }) => {
  const stylesheets: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "stylesheet") stylesheets.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(stylesheets.length).toBeGreaterThanOrEqual(3);
  for (const line of stylesheets) expect(line).toMatch(/^200 \/assets\//);
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(251, 247, 240)");
});

test("printing leaves out the navigation and keeps the data credits", { tag: "@same-without-js" }, async ({ page }) => {
  await page.goto("/");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "GeoNames" })).toBeVisible();
});

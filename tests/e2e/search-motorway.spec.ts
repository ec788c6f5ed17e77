import { expect, test } from "./fixtures";

// The motorway pickers with JavaScript on and off.

test("the road picker goes to the chosen road's browse page with the filters", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Motorway search" }).click();
  await expect(page).toHaveURL("/motorway-search");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dog-friendly stops by motorway");

  const picker = page.getByRole("group", { name: "Choose a road" });
  await expect(picker.locator(".road-badge").first()).toHaveText("M1");
  await page.getByRole("checkbox", { name: "Pubs and cafés" }).check();
  await picker.getByRole("radio", { name: /M6\b.*Rugby - Carlisle/ }).check();
  await page.getByRole("button", { name: "Show stops on this road" }).click();

  await expect(page).toHaveURL("/browse/road/united-kingdom/m6/dog-friendly-pub");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pubs and cafés near M6 junctions");
  await expect(page.locator(".result-card .type-chip").first()).toHaveText("Pub or café");
});

test("each road shows its listing count for the chosen filters", async ({ page, request, javaScriptEnabled }) => {
  const all: Record<string, number> = await (await request.get("/api/locations/search/browse/road-counts")).json();
  const vets: Record<string, number> = await (await request.get("/api/locations/search/browse/road-counts?types[]=5")).json();
  await page.goto("/motorway-search");
  const m1 = page.getByRole("radio", { name: /M1\b.*London - Leeds/ }).locator("xpath=..");
  await expect(m1).toContainText(`${all["1"]} places`);

  await page.getByRole("checkbox", { name: "Vets" }).check();
  // With JavaScript the counts follow the filters; without, the "Update the counts" button asks the server.
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Update the counts" }).click();
  await expect(page.getByRole("radio", { name: /M1\b.*London - Leeds/ }).locator("xpath=..")).toContainText(`${vets["1"]} ${vets["1"] === 1 ? "place" : "places"}`);
});

test("with no road chosen the form says 'Please select a road'", async ({ page, request, javaScriptEnabled }) => {
  if (javaScriptEnabled) {
    await page.goto("/motorway-search-france");
    // Clicked before hydration, the plain form would go to the server (the no-JavaScript case below).
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.getByRole("button", { name: "Show stops on this road" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please select a road");
    await expect(page).toHaveURL("/motorway-search-france");
    await page.getByRole("radio", { name: /A26\b/ }).check();
    await expect(page.getByText("Please select a road")).toHaveCount(0);
    await page.getByRole("button", { name: "Show stops on this road" }).click();
    await expect(page).toHaveURL("/browse/road/france/a26");
  } else {
    // The server's answer to the plain form: 400 with the message next to the picker.
    const response = await request.get("/motorway-search-france?go=road");
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("Please select a road");
  }
});

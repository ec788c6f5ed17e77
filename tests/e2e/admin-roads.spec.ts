import { createMember, database, logInAs } from "./support/accounts";
import { expect, test } from "./fixtures";

// Roads in the back office, JavaScript on and off: add a road with its line typed as points, give it
// junctions by typed position, see a nearby listing join the road in the public motorway search and
// the road counts, then delete the road with the spec's confirmation. (Drawing on the map: the
// js-only spec.) Each project works in its own corner of mid-Wales, where the demo has no road.

test.use({ allowClientErrors: true });

test("an administrator adds a road, gives it junctions, and deletes it; searches follow each change", async ({ page, javaScriptEnabled }) => {
  test.setTimeout(120_000);
  // "B…" sorts after every M-road in sign order, so the public pickers' first road (M1, tested in
  // search-motorway.spec.ts) is the same while this test's road exists.
  const name = `B${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
  const lng = javaScriptEnabled ? -3.8 : -3.5;
  const lat = javaScriptEnabled ? 52.3 : 52.7;
  const at = (dLat: number, dLng: number, separator = ",") => `${(lat + dLat).toFixed(4)}${separator} ${(lng + dLng).toFixed(4)}`;
  const [listing] = await database()<{ id: number }[]>`
    INSERT INTO listings (slug, type_id, walk_type, title, full_title, country_id, status, location, popularity)
    VALUES (${`road-e2e-${name.toLowerCase()}`}, 1, 'dog-walk', ${`Walk by road ${name}`}, ${`Walk by road ${name}`}, 235, 2,
            ST_SetSRID(ST_MakePoint(${lng + 0.01}, ${lat + 0.01}), 4326)::geography, 500)
    RETURNING id`;
  try {
    await logInAs(page.context(), await createMember({ admin: true, label: "roads-admin" }));
    await page.goto("/account/admin/manage-roads");
    if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByRole("link", { name: "United Kingdom" })).toHaveAttribute("aria-current", "page");
    await page.getByRole("searchbox", { name: "Road name or number" }).fill("M6");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("link", { name: "M6", exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Add a road" }).click();
    await expect(page.getByRole("heading", { name: "Add a road" })).toBeVisible();

    // A line with a typo is refused on its field; then the road is added.
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("The road's line").fill(`${at(-0.1, -0.1)}\n${at(0, 0)}\n${at(0.1, 0.1, ";")}x`);
    await page.getByRole("button", { name: "Add the road" }).click();
    await expect(page.getByText("Line 3 is not a point in the United Kingdom or France")).toBeVisible();
    await page.getByLabel("The road's line").fill(`${at(-0.1, -0.1)}\n${at(0, 0)}\n${at(0.1, 0.1)}`);
    await page.getByRole("button", { name: "Add the road" }).click();
    await expect(page.getByText("The road has been added. Now add its junctions.")).toBeVisible();
    await expect(page.getByRole("heading", { name: new RegExp(`^${name}`) })).toBeVisible();

    // Junctions by typed position: one off the road is refused, two on it are ordered along it.
    const addForm = page.locator("#junction-new");
    await addForm.getByLabel("Number").fill("2");
    await addForm.getByLabel("Latitude").fill((lat + 0.3).toFixed(4));
    await addForm.getByLabel("Longitude").fill(String(lng));
    await addForm.getByRole("button", { name: "Add the junction" }).click();
    await expect(page.locator("#junction-new").getByText("The junction must be on the road")).toBeVisible();
    await page.locator("#junction-new").getByLabel("Latitude").fill((lat + 0.1).toFixed(4));
    await page.locator("#junction-new").getByLabel("Longitude").fill((lng + 0.1).toFixed(4));
    await page.locator("#junction-new").getByRole("button", { name: "Add the junction" }).click();
    await expect(page.getByText("Junction 2 has been added")).toBeVisible();
    await page.locator("#junction-new").getByLabel("Number").fill("1");
    await page.locator("#junction-new").getByLabel("Name (the place it serves)").fill("Testford");
    await page.locator("#junction-new").getByLabel("Latitude").fill(String(lat));
    await page.locator("#junction-new").getByLabel("Longitude").fill(String(lng));
    await page.locator("#junction-new").getByRole("button", { name: "Add the junction" }).click();
    await expect(page.getByText("Junction 1 has been added")).toBeVisible();
    await expect(page.locator(".admin-junctions tbody td:first-child")).toHaveText([/^Junction 1 \(Testford\)/, /^Junction 2/]);

    // Edit one junction (its own form, ?edit=): junction 2 renamed.
    await page.getByRole("link", { name: "Edit junction 2" }).click();
    await expect(page.getByRole("heading", { name: /^Edit junction 2/ })).toBeVisible();
    await page.locator("#junction-edit").getByLabel("Name (the place it serves)").fill("Upper Testford");
    await page.locator("#junction-edit").getByRole("button", { name: "Save junction 2" }).click();
    await expect(page.getByText("Junction 2 has been updated")).toBeVisible();
    await expect(page.locator(".admin-junctions tbody td:first-child")).toHaveText([/^Junction 1 \(Testford\)/, /^Junction 2 \(Upper Testford\)/]);
    await expect(page.locator(".admin-audit li")).toHaveCount(4);
    await expect(page.locator(".admin-audit li").first()).toContainText("junction edit");
    await expect(page.locator(".admin-audit li").last()).toContainText("add road");

    // The listing beside junction 1 is now on the road: the public motorway search and the counts say so.
    const [road] = await database()<{ id: number }[]>`SELECT id FROM roads WHERE name = ${name}`;
    const counts = await (await page.request.get("/api/locations/search/browse/road-counts")).json();
    expect(counts[String(road.id)]).toBe(1);
    await page.goto(`/motorway-search?road=${road.id}&go=1`);
    await expect(page.getByRole("link", { name: `Walk by road ${name}` }).first()).toBeVisible();

    // Delete, with the spec's confirmation (a dialog with JavaScript, a page without).
    await page.goto(`/account/admin/manage-roads/${road.id}`);
    if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.getByRole("button", { name: `Delete ${name}` }).click();
    const confirmation = javaScriptEnabled ? page.getByRole("dialog", { name: "Please confirm" }) : page.locator(".admin-confirm");
    await expect(confirmation.getByText("Are you sure you want to delete this road?")).toBeVisible();
    await confirmation.getByRole("button", { name: "Delete the road" }).click();
    await expect(page.getByText(`The road ${name} has been deleted`)).toBeVisible();
    await expect(page).toHaveURL("/account/admin/manage-roads/united-kingdom");
    const [after] = await database()<{ road_id: number | null; roads: number }[]>`
      SELECT road_id, (SELECT count(*)::int FROM roads WHERE name = ${name}) AS roads FROM listings WHERE id = ${listing.id}`;
    expect(after).toEqual({ road_id: null, roads: 0 });
    const countsAfter = await (await page.request.get("/api/locations/search/browse/road-counts?types=1")).json();
    expect(countsAfter[String(road.id)]).toBeUndefined();
  } finally {
    await database()`DELETE FROM roads WHERE name = ${name}`;
    await database()`DELETE FROM listings WHERE id = ${listing.id}`;
  }
});

test("a road's page refuses bad input with a 4xx, never a 500", async ({ page }) => {
  await logInAs(page.context(), await createMember({ admin: true, label: "roads-bad" }));
  const cookie = (await page.context().cookies()).find((entry) => entry.name === "pawroute_session")?.value;
  const headers = { Cookie: `pawroute_session=${cookie}` };
  const [m1] = await database()<{ id: number }[]>`SELECT id FROM roads WHERE slug = 'm1' AND country_id = 235`;
  const cases: { path: string; form: Record<string, string> }[] = [
    { path: `/account/admin/manage-roads/${m1.id}`, form: { intent: "junction-delete", junctionId: "99999999999999999999" } },
    { path: `/account/admin/manage-roads/${m1.id}`, form: { intent: "junction-edit", junctionId: "1", number: "1\u0000", lat: "52", lng: "-1" } },
    { path: `/account/admin/manage-roads/${m1.id}`, form: { intent: "edit", name: "M1", source: "points", line: "1e400, 2" } },
    { path: "/account/admin/manage-roads/add", form: { name: "X".repeat(500), country: "1", source: "graph", ref: "\u0000" } },
    { path: "/account/admin/manage-roads", form: { intent: "delete", ids: "-1" } },
  ];
  for (const { path, form } of cases) {
    const response = await page.request.post(path, { headers, form, maxRedirects: 0 });
    expect.soft(response.status(), `${path} ${JSON.stringify(form).slice(0, 60)}`).toBeGreaterThanOrEqual(400);
    expect.soft(response.status(), `${path} ${JSON.stringify(form).slice(0, 60)}`).toBeLessThan(500);
  }
  expect((await page.request.get("/account/admin/manage-roads/99999999999", { headers })).status()).toBe(404);
  expect((await page.request.get("/account/admin/manage-roads/nowhere", { headers })).status()).toBe(404);
  const [still] = await database()<{ name: string; junctions: number }[]>`SELECT name, (SELECT count(*)::int FROM junctions WHERE road_id = ${m1.id}) AS junctions FROM roads WHERE id = ${m1.id}`;
  expect(still.name).toBe("M1");
  expect(still.junctions).toBeGreaterThan(0);
});

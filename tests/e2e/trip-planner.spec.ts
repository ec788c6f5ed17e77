import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import type { FeatureCollection, Point } from "geojson";
import type { GeoJSONSource } from "maplibre-gl";
import { createMember, database, logInAs, sessionCookieValue } from "./support/accounts";
import { expect, test } from "./fixtures";

// The trip planner (issue 49), with JavaScript on and off: every edit is a form that posts and redirects
// to the next plan's URL; saving needs an account, a shared link opens for anyone.

const DEPART = "2026-12-07T08:00";

async function stopTitles(page: Page): Promise<string[]> {
  return page.locator(".trip-stop__title a").allTextContents();
}

/**
 * With JavaScript: the titles of the places the trip map's numbered markers stand on, in the markers' order
 * (each marker matched by its position to the pin of the same place), once the map has drawn the plan.
 * `tag` marks the map; `sameMap` says whether it is the marked one (an edit redraws the same map, decision 0340).
 */
async function mapStopTitles(page: Page, { tag = false } = {}): Promise<{ titles: string[]; sameMap: boolean }> {
  await expect(page.locator(".trip-map__canvas")).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
  return page.evaluate(async (tag) => {
    const map = window.__pawrouteMap as (typeof window.__pawrouteMap & { tagged?: boolean }) | undefined;
    if (!map) throw new Error("no map on the page");
    if (tag) map.tagged = true;
    const sameMap = map.tagged === true;
    const data = async (id: string) => ((await map.getSource<GeoJSONSource>(id)?.getData()) ?? { type: "FeatureCollection", features: [] }) as FeatureCollection<Point>;
    const [markers, pins] = await Promise.all([data("markers"), data("results")]);
    const at = (point: Point) => point.coordinates.join(",");
    const titles = markers.features
      .filter((marker) => /^\d+$/.test(String(marker.properties?.label)))
      .map((marker) => String(pins.features.find((pin) => at(pin.geometry) === at(marker.geometry))?.properties?.title ?? `no pin under marker ${String(marker.properties?.label)}`));
    return { titles, sameMap };
  }, tag);
}

async function planLondonEdinburgh(page: Page) {
  await page.goto("/trip");
  await page.getByLabel("From", { exact: true }).fill("London");
  await page.getByLabel("To", { exact: true }).fill("Edinburgh");
  await page.getByLabel("Leaving at").fill(DEPART);
  await page.getByLabel("A break every").selectOption("120");
  await page.getByLabel("A break should be").selectOption("walk");
  await page.getByRole("button", { name: "Plan my breaks" }).click();
  await expect(page).toHaveURL(/\/trip\?from=London&to=Edinburgh&depart=2026-12-07T08%3A00&every=120&kind=walk$/);
  await expect(page.locator(".trip-stop")).not.toHaveCount(0);
}

/** As the page writes minutes: "45 min", "1 h 25", "2 h". */
function formatBreaks(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${String(m).padStart(2, "0")}`;
}

async function download(page: Page, name: RegExp): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).click()]);
  return readFile((await file.path()) as string, "utf8");
}

test("plan a drive, swap, add, remove and change a break, then take it along", async ({ page }, testInfo) => {
  const scripted = testInfo.project.use.javaScriptEnabled;
  await planLondonEdinburgh(page);
  const first = await stopTitles(page);
  expect(first.length).toBeGreaterThanOrEqual(2);
  // With JavaScript, the map numbers the same stops; after each edit below, the same map shows the new plan.
  if (scripted) expect((await mapStopTitles(page, { tag: true })).titles).toEqual(first);

  // Swap stop 2 for its first alternative.
  const stop2 = page.locator(".trip-stop").nth(1);
  await stop2.locator("summary").click();
  const alternative = (await stop2.locator(".trip-alternatives li a").first().textContent()) ?? "";
  await stop2.getByRole("button", { name: /^Use this instead for stop 2/ }).first().click();
  await expect(page).toHaveURL(/edited=1&stops=/);
  await expect.poll(() => stopTitles(page)).toEqual([first[0], alternative, ...first.slice(2)]);
  if (scripted) await expect.poll(() => mapStopTitles(page)).toEqual({ titles: [first[0], alternative, ...first.slice(2)], sameMap: true });

  // A longer first break.
  await page.getByLabel("Break (min)").first().fill("45");
  await page.getByRole("button", { name: "Change the length of break 1" }).click();
  await expect(page.locator(".trip-stop").first()).toContainText("45 min break");
  await expect(page.locator(".trip-totals")).toContainText(`Breaks${formatBreaks(45 + 20 * (first.length - 1))}`);

  // Remove stop 1, then add a stop an hour into the drive: it comes first, in the order of the drive.
  await page.getByRole("button", { name: "Remove stop 1" }).click();
  await expect.poll(() => stopTitles(page)).toEqual([alternative, ...first.slice(2)]);
  await page.getByLabel("Add a stop after this many hours of driving").fill("1");
  await page.getByRole("button", { name: "Add a stop" }).click();
  await expect(page.locator(".trip-stop")).toHaveCount(first.length);
  const after = await stopTitles(page);
  expect(after.slice(1)).toEqual([alternative, ...first.slice(2)]);
  if (scripted) await expect.poll(() => mapStopTitles(page)).toEqual({ titles: after, sameMap: true });

  const url = page.url();

  // GPX: the route as a track and one waypoint per stop, timed as the page says; iCalendar: one event per break.
  await page.goto(url);
  const arrivals = await page.locator(".trip-stop__meta strong").allTextContents();
  const gpx = await download(page, /GPX/);
  const waypoints = [...gpx.matchAll(/<wpt lat="([\d.-]+)" lon="([\d.-]+)">\s*<time>([^<]+)<\/time>\s*<name>([^<]+)<\/name>/g)];
  expect(waypoints.map((w) => w[4].replace(/^\d+\. /, "").replace(/&#38;/g, "&"))).toEqual(after);
  expect(waypoints.map((w) => new Date(w[3]).toLocaleTimeString("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit" }))).toEqual(arrivals);
  expect((gpx.match(/<trkpt /g) ?? []).length).toBeGreaterThan(10);
  const ics = await download(page, /iCalendar/);
  expect(ics).toContain("BEGIN:VTIMEZONE\r\nTZID:Europe/London");
  const events = ics.split("BEGIN:VEVENT").slice(1);
  expect(events).toHaveLength(after.length);
  events.forEach((event, i) => {
    const start = /DTSTART;TZID=Europe\/London:(\d{8})T(\d{2})(\d{2})00/.exec(event);
    const end = /DTEND;TZID=Europe\/London:(\d{8})T(\d{2})(\d{2})00/.exec(event);
    expect(start && `${start[2]}:${start[3]}`).toBe(arrivals[i]);
    expect(end && `${end[1]}${end[2]}${end[3]}`).toBeTruthy();
    expect(`${end?.[1]}${end?.[2]}${end?.[3]}` > `${start?.[1]}${start?.[2]}${start?.[3]}`).toBe(true);
    expect(event.replace(/\r\n /g, "")).toContain(`SUMMARY:Dog break: ${after[i].replace(/,/g, "\\,")}`);
    expect(event).toMatch(/LOCATION:.+/);
  });

  // The printable plan lists the same stops.
  await page.getByRole("link", { name: "Printable plan" }).click();
  await expect.poll(() => stopTitles(page)).toEqual(after);
});

test("a drive shorter than the interval needs no break; a beach drive says where there is none", async ({ page }) => {
  await page.goto(`/trip?from=London&to=Oxford&depart=${DEPART}&every=180&kind=walk`);
  await expect(page.getByText("This drive is shorter than your break interval: no break is needed.")).toBeVisible();
  await expect(page.locator(".trip-stop")).toHaveCount(0);
  await page.goto(`/trip?from=London&to=Edinburgh&depart=${DEPART}&every=120&kind=beach`);
  await expect(page.getByText("No beach within a sensible detour of this point of the drive.").first()).toBeVisible();
});

test("bad input is a 4xx that says what is wrong and keeps what was typed", { tag: "@http" }, async ({ request }) => {
  const tooOften = await request.get(`/trip?from=London&to=Edinburgh&depart=${DEPART}&every=30`);
  expect(tooOften.status()).toBe(400);
  const html = await tooOften.text();
  expect(html).toContain("Breaks can be every 1 h 30 at the most often");
  expect(html).toMatch(/name="from"[^>]*value="London"|value="London"[^>]*name="from"/);
  const unknown = await request.get(`/trip?from=London&to=Nowhereville-on-Sea&depart=${DEPART}`);
  expect(unknown.status()).toBe(422);
  expect(await unknown.text()).toContain("Nowhereville-on-Sea");

  const plan = `/trip?from=London&to=Edinburgh&depart=${encodeURIComponent(DEPART)}&every=120&kind=walk`;
  const late = await request.post(plan, { form: { intent: "add", hours: "40" }, maxRedirects: 0 });
  expect(late.status()).toBe(422);
  expect(await late.text()).toContain("Please choose a point of the drive between 0 and");
  const stranger = await request.post(plan, { form: { intent: "swap", index: "0", listing: "1" }, maxRedirects: 0 });
  expect(stranger.status()).toBe(400);
  expect((await stranger.text()).replaceAll("&#x27;", "'")).toContain("That place is not one of this stop's alternatives");
  const json = await request.post(plan, { data: { intent: "remove", index: 0 }, maxRedirects: 0 });
  expect(json.status()).toBe(415);
  const visitorSave = await request.post(plan, { form: { intent: "save" }, maxRedirects: 0 });
  expect(visitorSave.status()).toBe(302);
  expect(visitorSave.headers().location).toMatch(/^\/account\/login\/\?redirectTo=/);
  const guessed = await request.get("/trips/AAAAAAAAAAAAAAAAAAAAAA");
  expect(guessed.status()).toBe(404);
});

test("a member saves, renames and shares a trip; the link opens logged out; unshared it does not", async ({ page, browser, context, baseURL }, testInfo) => {
  const member = await createMember({ label: "trip" });
  await logInAs(context, member);
  await planLondonEdinburgh(page);
  const titles = await stopTitles(page);
  await page.getByRole("button", { name: "Save this trip" }).click();
  await expect(page).toHaveURL(/\/account\/trips$/);
  await expect(page.getByText("Your trip London to Edinburgh has been saved.")).toBeVisible();

  await page.getByLabel("New name for London to Edinburgh").fill("Up north");
  await page.getByRole("button", { name: "Rename London to Edinburgh" }).click();
  await expect(page.getByRole("link", { name: "Up north" })).toBeVisible();
  await page.getByRole("button", { name: "Share a read-only link to Up north" }).click();
  const link = await page.locator(".saved-trip__share a").getAttribute("href");
  expect(link).toMatch(/^\/trips\/[A-Za-z0-9_-]{22}$/);

  const visitor = await browser.newContext({ baseURL, javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  const outside = await visitor.newPage();
  await outside.goto(link as string);
  await expect(outside.getByRole("heading", { level: 1, name: "Up north" })).toBeVisible();
  expect(await stopTitles(outside)).toEqual(titles);
  await expect(outside.getByRole("button", { name: /Remove/ })).toHaveCount(0);

  await page.getByRole("button", { name: "Stop sharing Up north" }).click();
  await expect(page.getByText("Not shared")).toBeVisible();
  const gone = await outside.goto(link as string);
  expect(gone?.status()).toBe(404);
  await visitor.close();

  await page.getByRole("button", { name: "Delete Up north" }).click();
  await expect(page.getByText("Up north has been deleted.")).toBeVisible();
  await expect(page.locator(".saved-trip")).toHaveCount(0);
});

test("a visitor is asked to log in to save; the demo member's shared trip opens for anyone", async ({ page }) => {
  await page.goto(`/trip?from=London&to=Edinburgh&depart=${DEPART}`);
  await expect(page.getByRole("link", { name: "Log in" }).last()).toHaveAttribute("href", /\/account\/login\/\?redirectTo=/);
  await page.goto("/trips/DemoCalaisMarseille-01");
  await expect(page.getByRole("heading", { level: 1, name: "Calais to Marseille, summer holiday" })).toBeVisible();
  await expect(page.locator(".trip-stop").first()).toBeVisible();
});

test("route results link to the plan of the same drive and show the whole drive hour by hour", async ({ page }) => {
  await page.goto("/route?from=London&to=Edinburgh");
  await expect(page.getByRole("heading", { name: "Along the whole drive, hour by hour" })).toBeVisible();
  const hours = page.locator(".drive-hours__hour");
  expect(await hours.count()).toBeGreaterThanOrEqual(6);
  await expect(hours.nth(3)).toContainText("After 4 hours");
  await page.getByRole("link", { name: "Plan breaks every 2 h for this drive" }).click();
  await expect(page).toHaveURL(/\/trip\?from=London&to=Edinburgh&.*depart=/);
  await expect(page.locator(".trip-stop")).not.toHaveCount(0);
});

test("a member cannot rename, share or delete another member's trip", { tag: "@http" }, async ({ request }) => {
  const [demo] = await database()<{ id: number; name: string; share_id: string | null }[]>`
    SELECT t.id, t.name, t.share_id FROM trips t JOIN users u ON u.id = t.user_id WHERE lower(u.email) = 'member@pawroute.test' ORDER BY t.id LIMIT 1`;
  const other = await createMember({ label: "trip-other" });
  const { value } = await sessionCookieValue(other);
  const headers = { Cookie: `pawroute_session=${value}` };
  const forms: Record<string, string>[] = [{ intent: "delete" }, { intent: "rename", name: "Mine now" }, { intent: "share" }, { intent: "unshare" }];
  for (const form of forms) {
    const response = await request.post("/account/trips", { headers, form: { id: String(demo.id), ...form }, maxRedirects: 0 });
    expect(response.status(), form.intent).toBe(404);
  }
  const [after] = await database()<{ name: string; share_id: string | null }[]>`SELECT name, share_id FROM trips WHERE id = ${demo.id}`;
  expect(after).toEqual({ name: demo.name, share_id: demo.share_id });
});

// Helpers for the listing tests: live listings to open, listings and uploads made straight in the
// database for one test (and removed after it), and the rules every page must keep.
import type { Page } from "@playwright/test";
import { database } from "./support/accounts";
import { expect } from "./fixtures";

export interface LiveListing {
  id: number;
  url: string;
  title: string;
  full_title: string;
  walk_type: string;
  slug: string;
}

/** A live, free listing on a road (so it has a junction and nearby search works), different per call. */
export async function liveListing(offset = 0, where: "any" | "with-nearby" = "any"): Promise<LiveListing> {
  const rows =
    where === "with-nearby"
      ? await database()<LiveListing[]>`
          SELECT l.id, '/' || l.walk_type || '/' || l.slug AS url, l.title, l.full_title, l.walk_type, l.slug
          FROM (SELECT * FROM listings WHERE status = 2 AND free AND country_id = 235 ORDER BY id LIMIT 300) l
          WHERE EXISTS (
            SELECT 1 FROM listings o WHERE o.status = 2 AND o.id <> l.id AND o.type_id = l.type_id AND ST_DWithin(o.location, l.location, 480, false))
          ORDER BY l.id OFFSET ${offset} LIMIT 1`
      : await database()<LiveListing[]>`
          SELECT id, '/' || walk_type || '/' || slug AS url, title, full_title, walk_type, slug
          FROM listings WHERE status = 2 AND free AND junction_id IS NOT NULL AND type_id = 1 AND country_id = 235 ORDER BY id OFFSET ${offset} LIMIT 1`;
  if (!rows[0]) throw new Error("the test database has no such listing: run `npm test` to seed it");
  return rows[0];
}

/** A listing owned by a member, copied from a live one, with the given status and description. */
export async function ownListing(userId: number | null, options: { status?: number; description?: string; title?: string; gallery?: string[] } = {}): Promise<LiveListing> {
  const source = await liveListing(7);
  const slug = `e2e-${Math.random().toString(36).slice(2, 10)}`;
  const title = options.title ?? `E2E walk ${slug}`;
  const [row] = await database()<{ id: number }[]>`
    INSERT INTO listings (slug, type_id, walk_type, title, full_title, description, address, town, county, postcode, country_id, road_id, junction_id,
                          facility_ids, status, location, user_id)
    SELECT ${slug}, type_id, walk_type, ${title}, ${`${title}, Testshire`}, ${options.description ?? "<p>A walk made for a test.</p>"}, address, town, county,
           postcode, country_id, road_id, junction_id, facility_ids, ${options.status ?? 2}, location, ${userId}
    FROM listings WHERE id = ${source.id}
    RETURNING id`;
  const [version] = await database()<{ id: number }[]>`
    INSERT INTO listing_versions (listing_id, version, status, data, user_id)
    VALUES (${row.id}, 1, ${options.status ?? 2}, ${database().json({ title, description: options.description ?? "<p>A walk made for a test.</p>", walkType: source.walk_type, type: 1, country: 235, address: "Car park", lat: 54.6, lng: -2.7, gallery: options.gallery ?? [] })}, ${userId})
    RETURNING id`;
  await database()`UPDATE listings SET current_version_id = ${version.id} WHERE id = ${row.id}`;
  return { id: row.id, url: `/${source.walk_type}/${slug}`, title, full_title: `${title}, Testshire`, walk_type: source.walk_type, slug };
}

export async function removeListings(ids: number[]): Promise<void> {
  if (ids.length) await database()`DELETE FROM listings WHERE id = ANY(${ids}::int[])`;
}

/** Fails the test if any script in the page runs an alert, and counts elements a payload could add. */
export function watchForScripts(page: Page): { alerts: string[] } {
  const alerts: string[] = [];
  const seen = { alerts };
  page.on("dialog", (dialog) => {
    seen.alerts.push(dialog.message());
    void dialog.dismiss();
  });
  return seen;
}

export async function expectNoInjectedMarkup(page: Page, scope: string): Promise<void> {
  const injected = await page.locator(scope).evaluate((element) => ({
    scripts: element.querySelectorAll('script:not([type="application/ld+json"])').length,
    handlers: Array.from(element.querySelectorAll("*")).filter((node) => Array.from(node.attributes).some((attribute) => attribute.name.startsWith("on"))).length,
    images: element.querySelectorAll("img[onerror], iframe").length,
  }));
  expect(injected).toEqual({ scripts: 0, handlers: 0, images: 0 });
}

/** The image fixtures. */
export const IMAGE = "tests/fixtures/images/with-gps.jpg";
export const NOT_AN_IMAGE = "tests/fixtures/images/not-an-image.jpg";
export const BOMB = "tests/fixtures/images/bomb.png";

export const REVIEW_TEXT =
  "We walked here with our two spaniels on a grey Sunday. The paths were firm, there was water at the stile and the café let the dogs in.";

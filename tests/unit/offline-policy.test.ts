import { describe, expect, it } from "vitest";
import { aboutSize, isSearchPage, isStaticFile, isTile, keepable, neverFromCache, pageKey, queueable, savedOn } from "../../app/offline/policy";
import { tileOf, tilesAlong, tilesAround, tileUrls, OFFLINE_TILE_LAYERS } from "../../app/offline/tiles";
import { markSaved, offlinePageHtml } from "../../app/offline/worker/respond";
import type { KeptItem } from "../../app/offline/store";

// The service worker's rules and answers (issue 53, decision 0280), as plain functions.

describe("what the worker may answer from the cache", () => {
  it("never an account, payment, admin or form page", () => {
    for (const path of [
      "/account",
      "/account/",
      "/account/settings",
      "/account/settings/password",
      "/account/favourites",
      "/account/favourites/all",
      "/account/favourites/12/edit",
      "/account/trips",
      "/account/offline",
      "/account/subscriptions",
      "/account/payment/change",
      "/account/receipts/3",
      "/account/admin",
      "/account/admin/users/x",
      "/account/login",
      "/payment",
      "/subscriptions",
      "/subscription-confirmation",
      "/join",
      "/logout",
      "/contact",
      "/add-listing",
      "/newsletter",
      "/dog-walk/some-walk/review",
      "/dog-walk/some-walk/edit",
      "/dog-walk/some-walk/favourite",
      "/api/offline/list/1",
    ]) {
      expect(neverFromCache(path), path).toBe(true);
      expect(keepable(path), path).toBe(false);
    }
  });

  it("listing pages, their directions, trips and a member's favourites list", () => {
    for (const path of ["/dog-walk/m6-junction-40-moorland-dog-walk", "/vet/keswick-vets/directions", "/trips/DemoCalaisMarseille-01", "/trip", "/account/favourites/12", "/profile/demo_member/favourites/3"]) {
      expect(keepable(path), path).toBe(true);
      expect(neverFromCache(path), path).toBe(false);
    }
    expect(keepable("/faqs")).toBe(false);
    expect(keepable("/blog-post/dog-walk")).toBe(false);
  });

  it("finds a kept page by its path (any directions query), the planner by its query", () => {
    expect(pageKey(new URL("http://x/dog-walk/a/directions?from=54.6,-3.1"))).toBe("/dog-walk/a/directions");
    expect(pageKey(new URL("http://x/trip?from=A&to=B"))).toBe("/trip?from=A&to=B");
  });

  it("tells search pages, tiles and unchanging files apart", () => {
    expect(isSearchPage("/search-results/location")).toBe(true);
    expect(isSearchPage("/map/route")).toBe(true);
    expect(isSearchPage("/dog-walk/a")).toBe(false);
    expect(isTile("/tiles/roads/8/125/81.mvt")).toBe(true);
    expect(isTile("/tiles/roads/8/125/81")).toBe(false);
    expect(isStaticFile("/assets/root-abc.js")).toBe(true);
    expect(isStaticFile("/map/fonts/Noto%20Sans%20Regular/0-255.pbf")).toBe(true);
    expect(isStaticFile("/account")).toBe(false);
  });

  it("queues favouriting and removing from a list, nothing else", () => {
    expect(queueable("/dog-walk/a/favourite", "quick-add")).toBe(true);
    expect(queueable("/account/favourites/4", "remove")).toBe(true);
    expect(queueable("/account/favourites/4", "delete")).toBe(false);
    expect(queueable("/dog-walk/a/review", null)).toBe(false);
    expect(queueable("/payment", null)).toBe(false);
  });
});

describe("sizes and dates as the member reads them", () => {
  it("rounds the estimate and dates in Europe/London", () => {
    expect(aboutSize(3_240_000)).toBe("about 3.2 MB");
    expect(aboutSize(14_600_000)).toBe("about 15 MB");
    expect(aboutSize(456_000)).toBe("about 460 KB");
    // 23:30 UTC on 5 December is 23:30 in London (GMT); 23:30 UTC on 5 June is 00:30 on 6 June (BST).
    expect(savedOn("2026-12-05T23:30:00Z")).toBe("5 Dec");
    expect(savedOn("2026-06-05T23:30:00Z")).toBe("6 Jun");
  });
});

describe("tiles to keep", () => {
  it("numbers tiles as the tile server does", () => {
    // London at zoom 10 (OpenStreetMap's numbering).
    expect(tileOf(-0.1276, 51.5072, 10)).toEqual({ z: 10, x: 511, y: 340 });
  });

  it("keeps a ring of tiles around each listing at each zoom, once", () => {
    const tiles = tilesAround([{ lat: 54.6, lng: -3.13 }, { lat: 54.6001, lng: -3.1301 }], [11, 12]);
    expect(tiles).toHaveLength(18);
    expect(tileUrls(tiles)).toHaveLength(18 * OFFLINE_TILE_LAYERS.length);
  });

  it("covers every tile a long straight line crosses, even between far-apart points", () => {
    // London to Edinburgh as two points: every tile between them at zoom 8 must be there.
    const line: [number, number][] = [[-0.1276, 51.5072], [-3.1883, 55.9533]];
    const tiles = tilesAlong(line, [8]);
    const start = tileOf(-0.1276, 51.5072, 8);
    const end = tileOf(-3.1883, 55.9533, 8);
    const rows = new Set(tiles.map((tile) => tile.y));
    for (let y = end.y; y <= start.y; y++) expect(rows.has(y), `row ${y}`).toBe(true);
  });
});

describe("the worker's answers", () => {
  const item: KeptItem = {
    key: "list:1",
    kind: "list",
    title: "Lakes & <fells>",
    url: "/account/favourites/1",
    pages: ["/account/favourites/1"],
    files: [],
    listings: [{ title: "Catbells walk", url: "/dog-walk/catbells" }],
    bytes: 2_400_000,
    savedAt: "2026-12-06T09:00:00Z",
    styles: ["/assets/app-1.css"],
    owner: "demo_member",
  };

  it("marks a kept page with the date it was saved, before the page's script reads it", () => {
    expect(markSaved('<!DOCTYPE html><html lang="en-GB"><head>', "2026-12-06T09:00:00Z")).toBe('<!DOCTYPE html><html data-offline-saved="2026-12-06T09:00:00Z" lang="en-GB"><head>');
  });

  it("writes the offline page with what is kept, escaped, and why the page is not there", () => {
    const html = offlinePageHtml([item], "search");
    expect(html).toContain("Search needs a connection.");
    expect(html).toContain('<a href="/account/favourites/1">Lakes &amp; &lt;fells&gt;</a>');
    expect(html).toContain("saved on 6 Dec · 2.4 MB");
    expect(html).toContain('<a href="/dog-walk/catbells">Catbells walk</a>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app-1.css">');
    expect(offlinePageHtml([], "not-kept")).toContain("Nothing is kept for offline use in this browser.");
  });
});

// Issue 50: no serious or critical axe violation on any page of the route table (remix.config.js), at
// 1280 px and at 390 px. Every GET route whose module renders a page (has a default export) is visited with
// its parameters filled from the demo data, as the role that page is for: visitors for public pages, the
// demo member for /account pages (and the listing review/favourite/edit pages), an administrator for
// /account/admin. Resource routes (APIs, tiles, exports, feeds, uploads, the sitemap) and the dev mail
// viewer answer no page and are left out. Soft assertions: one run lists every page that fails.
//
// axe runs inside the page, so it needs JavaScript: only the js project runs *.js-only.spec.ts files.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { createMember, database, logInAs, type TestMember } from "./support/accounts";
import { atEachWidth, seriousViolations } from "./support/axe";
import { markupShape } from "./support/markup";
import { routeTable, type RouteEntry } from "./support/route-table";
import { expect, test } from "./fixtures";

// Some pages answer 4xx on purpose when visited without their token or query (the mailed-link pages, the
// 404 page itself): their error pages are checked like any other.
test.use({ allowClientErrors: true });
test.setTimeout(900_000);


/** Account pages for visitors: logging in, the forgotten-password pages and the mailed links. */
const FOR_VISITORS = new Set(["account/login", "account/login/forgotten", "account/login/reset", "account/verify"]);
/** Public pages that need a member (they send visitors to log in). */
const PUBLIC_FOR_MEMBERS = /\/:slug\/(review|favourite|edit)$|^\/(payment|subscription-confirmation|subscription-update)$/;

type Role = "visitor" | "member" | "admin";

/** A page route: its module renders something (a default export). Resource routes and dev tools are not pages. */
function isPage(route: RouteEntry): boolean {
  if (route.id.startsWith("dev/") || route.id.startsWith("api/") || route.id.startsWith("local/")) return false;
  return /^export default /m.test(readFileSync(`app/${route.file}`, "utf8"));
}

function roleOf(route: RouteEntry): Role {
  if (route.pattern.startsWith("/account/admin")) return "admin";
  if (route.pattern.startsWith("/account")) return FOR_VISITORS.has(route.id) ? "visitor" : "member";
  return PUBLIC_FOR_MEMBERS.test(route.pattern) ? "member" : "visitor";
}

interface DemoValues {
  member: TestMember;
  /** Who owns the favourite list, the awarded treat and the gallery photo the pages show. */
  listOwner: TestMember;
  treatOwner: TestMember;
  galleryOwner: TestMember;
  listingByType: Map<string, string>;
  listingId: number;
  road: { id: number; slug: string; country: string; junction: string };
  post: { id: number; slug: string };
  favouriteListId: number;
  receiptId: number;
  awardedTreatId: number;
  galleryFileId: string;
  reviewId: number;
  treat: { id: number; slug: string };
  affiliateLinkId: number;
  contactMessageId: number;
}

async function demoValues(): Promise<DemoValues> {
  const sql = database();
  const [member] = await sql<{ id: number; email: string; username: string }[]>`SELECT id, email, username FROM users WHERE username = 'demo_member'`;
  const listings = await sql<{ walk_type: string; slug: string; id: number }[]>`
    SELECT DISTINCT ON (walk_type) walk_type, slug, id FROM listings WHERE status = 2 ORDER BY walk_type, id`;
  const [road] = await sql<{ id: number; slug: string; country: string; junction: string }[]>`
    SELECT r.id, r.slug, c.slug AS country, j.number AS junction FROM junctions j
    JOIN roads r ON r.id = j.road_id JOIN countries c ON c.id = r.country_id
    ORDER BY r.motorway DESC, r.id, j.position LIMIT 1`;
  const [post] = await sql<{ id: number; slug: string }[]>`
    SELECT id, slug FROM blog_posts WHERE status = 'published' AND published_at <= now() ORDER BY id LIMIT 1`;
  // The demo data has no favourite list: a new member gets one with a live listing in it.
  const listOwner = await createMember({ label: "axe-lists" });
  const [list] = await sql<{ id: number }[]>`INSERT INTO favourite_lists (user_id, name, is_default) VALUES (${listOwner.id}, 'Weekend walks', true) RETURNING id`;
  await sql`INSERT INTO favourite_items (list_id, listing_id) SELECT ${list.id}, id FROM listings WHERE status = 2 ORDER BY id LIMIT 2`;
  const [receipt] = await sql<{ id: number }[]>`SELECT id FROM receipts WHERE user_id = ${member.id} ORDER BY id LIMIT 1`;
  const [awarded] = await sql<{ id: number; user_id: number }[]>`SELECT id, user_id FROM awarded_treats ORDER BY id LIMIT 1`;
  const memberRow: TestMember = { id: member.id, email: member.email, password: "", username: member.username };
  const owner = async (id: number): Promise<TestMember> => {
    const [row] = await sql<{ email: string; username: string | null }[]>`SELECT email, username FROM users WHERE id = ${id}`;
    return { id, email: row.email, password: "", username: row.username };
  };
  const [gallery] = await sql<({ file_id: string; user_id: number } | undefined)[]>`SELECT file_id, user_id FROM member_gallery_items ORDER BY created_at LIMIT 1`;
  const [review] = await sql<{ id: number }[]>`SELECT id FROM reviews ORDER BY id LIMIT 1`;
  const [treat] = await sql<{ id: number; slug: string }[]>`SELECT id, slug FROM treat_options WHERE deleted_at IS NULL ORDER BY id LIMIT 1`;
  const [link] = await sql<{ id: number }[]>`SELECT id FROM affiliate_links ORDER BY id LIMIT 1`;
  const [message] = await sql<({ id: number } | undefined)[]>`SELECT id FROM contact_messages ORDER BY id LIMIT 1`;
  const [version] = await sql<{ listing_id: number }[]>`SELECT listing_id FROM listing_versions ORDER BY id LIMIT 1`;
  return {
    member: memberRow,
    listOwner,
    treatOwner: await owner(awarded.user_id),
    galleryOwner: gallery ? await owner(gallery.user_id) : memberRow,
    listingByType: new Map(listings.map((row) => [row.walk_type, row.slug])),
    listingId: version.listing_id,
    road,
    post,
    favouriteListId: list.id,
    receiptId: receipt.id,
    awardedTreatId: awarded.id,
    // The demo data has no gallery photo: the page's not-found answer is checked instead.
    galleryFileId: gallery?.file_id ?? "no-such-photo",
    reviewId: review.id,
    treat,
    affiliateLinkId: link.id,
    // The demo data has no contact message: the page's not-found answer is checked instead.
    contactMessageId: message?.id ?? 2_147_483_647,
  };
}

/** A page to check; `as`: the member who owns what it shows, when that is not the demo member. */
type Visit = string | { url: string; as: TestMember };

/** The URLs that show a route's page with demo data (a few routes get more than one: a road and its junction). */
function urlsFor(route: RouteEntry, demo: DemoValues): Visit[] {
  const hex = (id: number) => id.toString(16);
  const road = `road/${demo.road.country}/${demo.road.slug}`;
  switch (route.id) {
    case "public/results/search-results":
      return ["/search-results/?search-type=location&location=London"];
    case "public/results/browse":
      return ["/browse"];
    case "public/results/road":
      return [`/browse/${road}`, `/browse/${road}/junction-${demo.road.junction.toLowerCase()}`];
    case "public/results/route":
      return ["/route/vet?from=London&to=Leeds"];
    case "public/results/location":
      return ["/location/vet?location=London"];
    case "public/map/search-results":
      return ["/map-search-results/?search-type=location&location=London"];
    case "public/map":
      return [`/map/browse/${road}`];
    case "public/profile/favourites":
      return [`/profile/${demo.listOwner.username}/favourites/${demo.favouriteListId}`];
    case "account/favourites/list":
      return [{ url: `/account/favourites/${demo.favouriteListId}`, as: demo.listOwner }];
    case "account/edit-gallery":
      return [{ url: `/account/edit-gallery/${demo.galleryFileId}`, as: demo.galleryOwner }];
    case "account/receipt":
      return [`/account/receipts/${demo.receiptId}`];
    case "account/treats/detail":
    case "account/treats/redeem":
    case "account/treats/gift":
      return [{ url: route.pattern.replace(":id", hex(demo.awardedTreatId)), as: demo.treatOwner }];
    case "account/subscriptions/change":
      return ["/account/subscriptions/switch"];
    case "account/admin/view-edit":
      return [`/account/admin/view-edit?location=${demo.listingId}`];
    case "account/admin/listings/status":
      return ["/account/admin/listings/submitted"];
    case "account/admin/reviews/x":
      return [`/account/admin/reviews/${hex(demo.reviewId)}`];
    case "account/admin/users/x":
      return [`/account/admin/users/${hex(demo.member.id)}`];
    case "account/admin/manage-roads/x":
      return [`/account/admin/manage-roads/${demo.road.id}`];
    case "account/admin/blog-posts/edit":
    case "account/admin/blog-posts/preview":
      return [route.pattern.replace(":id", String(demo.post.id))];
    case "account/admin/blog-posts/segment":
      return ["/account/admin/blog-posts/drafts"];
    case "account/admin/contact-messages/message":
      return [`/account/admin/contact-messages/${demo.contactMessageId}`];
    case "account/admin/treats/edit":
      return [`/account/admin/treats/edit/${demo.treat.id}`];
    case "account/admin/treats/chances":
      return [`/account/admin/treats/${demo.treat.slug}`];
    case "account/admin/affiliate-links/edit":
      return [`/account/admin/affiliate-links/${demo.affiliateLinkId}`];
    case "not-found":
      return ["/no-such-page-for-axe"];
  }
  const type = route.pattern.split("/")[1];
  const values: Record<string, string | undefined> = {
    slug: route.id.startsWith("public/bark-out/") ? demo.post.slug : demo.listingByType.get(type),
    shareId: "DemoCalaisMarseille-01",
    username: demo.member.username ?? undefined,
  };
  const url = route.pattern.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No demo value for :${name} in ${route.pattern} (${route.id})`);
    return value;
  });
  if (url.includes("*")) throw new Error(`No demo URL for ${route.pattern} (${route.id})`);
  return [url];
}

/** Each page to check, with the route module that renders it. */
function pagesFor(role: Role, demo: DemoValues): { visit: Visit; file: string }[] {
  return routeTable()
    .filter((route) => isPage(route) && roleOf(route) === role)
    .flatMap((route) => urlsFor(route, demo).map((visit) => ({ visit, file: route.file })));
}

/**
 * The pages left after dropping the ones that are provably the same template as a page already walked:
 * where one route module renders several routes (a listing's history, directions, review, favourite and
 * edit pages for each of the seven listing types; the home page's variants), each page's server-rendered
 * markup, read once over HTTP as the same role, is reduced to its shape (support/markup.ts: elements,
 * classes, roles, attributes present or empty, no words, URLs or ids). Pages of one module with the same
 * shape are checked once; a page whose shape differs (the listing page of each type, whose details differ)
 * is walked like any other. Returns the URLs to walk and how many pages each one stands for.
 */
async function distinctTemplates(page: Page, pages: { visit: Visit; file: string }[]): Promise<{ visits: Visit[]; covered: number }> {
  const perFile = new Map<string, number>();
  for (const { visit, file } of pages) if (typeof visit === "string") perFile.set(file, (perFile.get(file) ?? 0) + 1);
  const seen = new Set<string>();
  const visits: Visit[] = [];
  let covered = 0;
  for (const { visit, file } of pages) {
    if (typeof visit !== "string" || (perFile.get(file) ?? 0) < 2) {
      visits.push(visit);
      continue;
    }
    const response = await page.request.get(visit, { maxRedirects: 0 });
    const key = `${file} ${response.status()}\n${markupShape(await response.text())}`;
    if (seen.has(key)) {
      covered += 1;
      continue;
    }
    seen.add(key);
    visits.push(visit);
  }
  return { visits, covered };
}

/** Where visitors are meant to be: the log-in and mailed-link pages. */
const FOR_VISITORS_PATHS = ["/account/login", "/account/verify"];

/**
 * Visits one half (`half`: 0 or 1, every other page) of the role's distinct pages and collects each page's
 * serious violations softly at both widths: each page is loaded once at 390 px, checked, widened to 1280 px
 * and checked again (decision 0330: the app reads the width on events, never only at start, so a page
 * widened is the page loaded wide). `member`: who the role's pages are seen as (the administrator is logged
 * in by the test).
 */
async function walk(page: Page, role: Role, half: 0 | 1, member?: TestMember): Promise<void> {
  const pages = pagesFor(role, demo);
  expect(pages.length, `${role} pages`).toBeGreaterThan(0);
  let loggedIn: TestMember | undefined;
  if (member) await logInAs(page.context(), member);
  loggedIn = member;
  const { visits, covered } = await distinctTemplates(page, pages);
  const urls = visits.filter((_visit, index) => index % 2 === half);
  console.log(`${role}, half ${half + 1}: ${pages.length} pages, ${visits.length} walked (${urls.length} here), ${covered} the same template as one walked`);
  for (const visit of urls) {
    const url = typeof visit === "string" ? visit : visit.url;
    // Pages of something the demo member does not own are seen as its owner, then back.
    const as = typeof visit === "string" ? member : visit.as;
    if (as && as !== loggedIn) await logInAs(page.context(), as);
    loggedIn = as;
    await atEachWidth(
      page,
      async () => {
        await page.goto(url, { waitUntil: "domcontentloaded" });
        await expect.soft(page.locator("html"), `${url} hydrated`).toHaveAttribute("data-hydrated", "true");
        if (role !== "visitor" || !FOR_VISITORS_PATHS.some((path) => url.startsWith(path))) {
          // A page that sends this role to log in was walked as the wrong role.
          expect.soft(new URL(page.url()).pathname, `${url} shown to the ${role}`).not.toMatch(/^\/account\/login/);
        }
      },
      async (width) => expect.soft(await seriousViolations(page), `${url} at ${width} px as ${role}`).toEqual([]),
    );
  }
}

let demo: DemoValues;

test.beforeAll(async () => {
  demo = await demoValues();
});

// Two tests per role, each walking every other page at both widths: six walks of about the same length, which
// the two workers share out evenly (one long walk per role left one worker on a single test at the end of
// the run; decision 0314).
for (const half of [0, 1] as const) {
  const which = half === 0 ? "first" : "second";
  test(`every visitor page has no serious or critical axe violations at 390 and 1280 px (${which} half)`, async ({ page }) => {
    await walk(page, "visitor", half);
  });

  test(`every member page has no serious or critical axe violations at 390 and 1280 px (${which} half)`, async ({ page }) => {
    await walk(page, "member", half, demo.member);
  });

  test(`every administrator page has no serious or critical axe violations at 390 and 1280 px (${which} half)`, async ({ page }) => {
    await logInAs(page.context(), await createMember({ admin: true, label: "axe-admin" }));
    await walk(page, "admin", half);
  });
}

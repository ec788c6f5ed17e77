import { eq } from "drizzle-orm";
import { countries, roads as roadsTable } from "../../db/schema";
import { listFacilities, type Facility } from "../../geo/facilities";
import { compareRoads } from "../components/RoadBadge";
import { db, sql } from "../db.server";
import type { FooterRoad } from "../navigation";
import type { RoadOption } from "./reference.types";

/** Reference data changes rarely (an operator's import); a short in-process cache keeps it off every page view. */
const TTL_MS = 60_000;

/** A loader whose value is kept TTL_MS; `forget()` drops it at once (after a change made by this process). */
type Cached<T> = (() => Promise<T>) & { forget: () => void };

function cached<T>(load: () => Promise<T>): Cached<T> {
  let value: { at: number; data: Promise<T> } | null = null;
  const get = () => {
    if (!value || Date.now() - value.at > TTL_MS) {
      const data = load();
      value = { at: Date.now(), data };
      data.catch(() => {
        value = null;
      });
    }
    return value.data;
  };
  return Object.assign(get, {
    forget: () => {
      value = null;
    },
  });
}

/** The spec's facility list, as GET /api/facilities answers it. */
export const facilities: Cached<Facility[]> = cached(() => listFacilities(sql()));

/**
 * The roads of the motorway pickers and the footer, in sign order (`compareRoads`), sorted once per load;
 * the back office forgets them after changing a road (app/admin/roads.server.ts).
 */
export const roadOptions: Cached<RoadOption[]> = cached(async () => {
  const roads: RoadOption[] = await db()
    .select({ id: roadsTable.id, name: roadsTable.name, slug: roadsTable.slug, description: roadsTable.description, country: countries.slug, motorway: roadsTable.motorway, icon: roadsTable.icon })
    .from(roadsTable)
    .innerJoin(countries, eq(countries.id, roadsTable.countryId))
    .orderBy(roadsTable.id);
  // A stable sort: roads that tie in sign order keep their id order.
  return [...roads].sort(compareRoads);
});

/** Each road list's footer roads, made once, not on every page. */
const footerRoadsByRoads = new WeakMap<RoadOption[], FooterRoad[]>();

declare module "@remix-run/node" {
  interface AppLoadContext {
    /**
     * The footer's roads, set by the root loader for this request's render (entry.server.tsx gives them
     * to the page context). Not loader data: the browser reads the footer's links from the page's HTML
     * (decision 0329).
     */
    footerRoads?: FooterRoad[];
  }
}

/**
 * The roads of the footer's browse tabs, in sign order, with only what a link needs: the root loader
 * reads them for the server's render of the footer, which builds the tabs (`footerBrowseTabs`).
 */
export async function footerRoads(): Promise<FooterRoad[]> {
  const roads = await roadOptions();
  let footer = footerRoadsByRoads.get(roads);
  if (!footer) {
    footer = roads.map(({ name, slug, description, country }) => ({ name, slug, description, country }));
    footerRoadsByRoads.set(roads, footer);
  }
  return footer;
}

import { useEffect, useState } from "react";
import { ROAD_COUNTS_DELAY_MS } from "../../search/constants";
import { encodeQuery } from "../../search/url";
import type { TypeFilterValues } from "./TypeFilters";

/** Counts already fetched in this page's life, per filter set (spec §7). */
const cache = new Map<string, Record<string, number>>();

export function roadCountsQuery(filters: TypeFilterValues): string {
  const pairs: [string, string][] = [
    ...filters.types.map((type): [string, string] => ["types[]", String(type)]),
    ...filters.facilities.map((facility): [string, string] => ["facilities[]", String(facility)]),
  ];
  if (filters.allWalks) pairs.push(["allWalks", "true"]);
  if (filters.pubWalks) pairs.push(["pubWalks", "true"]);
  if (filters.beachWalks) pairs.push(["beachWalks", "true"]);
  if (filters.accommodation) pairs.push(["accommodation", "true"]);
  if (filters.dogServices) pairs.push(["dogServices", "true"]);
  return encodeQuery(pairs);
}

function isCounts(value: unknown): value is Record<string, number> {
  return typeof value === "object" && value !== null && Object.values(value).every((count) => typeof count === "number");
}

/**
 * Listings per road for the chosen filters: asked for 400 ms after the last change and cached per
 * filter set; on failure the counts are cleared and the problem only logged (spec §7).
 */
export function useRoadCounts(filters: TypeFilterValues, initial: { query: string; counts: Record<string, number> }): Record<string, number> {
  const query = roadCountsQuery(filters);
  const [counts, setCounts] = useState(initial.counts);
  if (!cache.has(initial.query)) cache.set(initial.query, initial.counts);

  useEffect(() => {
    const hit = cache.get(query);
    if (hit) {
      setCounts(hit);
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      try {
        const response = await fetch(`/api/locations/search/browse/road-counts?${query}`, { signal: controller.signal });
        const body: unknown = await response.json();
        if (!response.ok || !isCounts(body)) throw new Error(`road counts answered ${response.status}`);
        cache.set(query, body);
        setCounts(body);
      } catch (error) {
        if (controller.signal.aborted) return;
        console.warn("Road counts are not available:", error);
        setCounts({});
      }
    }, ROAD_COUNTS_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  return counts;
}

import type { SearchFilters, SearchFiltersInput } from "./filters-schema";

export type { SearchFilters, SearchFiltersInput } from "./filters-schema";
export * from "./filter-values";

/** The spec's query-string names (kebab-case and bracket arrays) mapped to the schema's. */
const QUERY_NAMES: Record<string, keyof SearchFiltersInput> = {
  "search-type": "searchType",
  "geo-location": "geoLocation",
  "location-id": "locationId",
  "from-id": "fromId",
  "to-id": "toId",
  "road-slug": "roadSlug",
  "road-country": "roadCountry",
  "start-hours": "startHours",
};

/**
 * Reads filters from URLSearchParams: `types[]=1&types[]=2`, indexed `types[0]=1&types[1]=2` (PHP's and
 * qs's form, in index order), `types=1,2` and kebab-case names all work.
 */
export function filtersFromSearchParams(params: URLSearchParams, defaults: Record<string, unknown> = {}): Record<string, unknown> {
  const raw: Record<string, unknown> = { ...defaults };
  const lists = new Map<string, { index: number; values: string[] }[]>();
  for (const key of new Set(params.keys())) {
    const bracket = /^(.+)\[(\d{0,4})\]$/.exec(key);
    const bare = bracket ? bracket[1] : key;
    const name = QUERY_NAMES[bare] ?? bare;
    const values = params.getAll(key);
    if (bracket || name === "types" || name === "facilities") {
      const parts = lists.get(name) ?? [];
      parts.push({ index: bracket && bracket[2] !== "" ? Number(bracket[2]) : -1, values: values.flatMap((v) => v.split(",")).filter(Boolean) });
      lists.set(name, parts);
    } else raw[name] = values[values.length - 1];
  }
  for (const [name, parts] of lists) raw[name] = parts.sort((a, b) => a.index - b.index).flatMap((part) => part.values);
  return raw;
}

/** The filters that choose which kinds of listing a search shows. */
export type KindFilters = Pick<SearchFilters, "types" | "allWalks" | "pubWalks" | "beachWalks" | "accommodation" | "dogServices">;

/** The walk-type path values of the member businesses that are accommodation and dog services. */
export const BUSINESS_KINDS = { accommodation: "dog-friendly-accommodation", dogServices: "dog-services" } as const;

/** Whether any type, walk or business filter is set (none: every kind of listing). */
export function hasKindFilter(f: KindFilters): boolean {
  return f.types.length > 0 || f.allWalks || f.pubWalks || f.beachWalks || f.accommodation || f.dogServices;
}

/** Walk filters: which walks are wanted, or null when walks are not part of the search. */
export function walkFilter(f: KindFilters): "all" | { pub: boolean; beach: boolean } | null {
  if (f.pubWalks || f.beachWalks) return { pub: f.pubWalks, beach: f.beachWalks };
  if (f.allWalks || !hasKindFilter(f) || f.types.includes(1)) return "all";
  return null;
}

/** Business filters: the member businesses' walk-type values wanted, or null for every member business (or none). */
export function businessKinds(f: KindFilters): string[] | null {
  const kinds = [...(f.accommodation ? [BUSINESS_KINDS.accommodation] : []), ...(f.dogServices ? [BUSINESS_KINDS.dogServices] : [])];
  return kinds.length > 0 ? kinds : null;
}

/** Business-only mode: member businesses only (type 4, or accommodation or services) with no walk filters. */
export function isBusinessOnly(f: KindFilters): boolean {
  const noWalks = !f.allWalks && !f.pubWalks && !f.beachWalks;
  const onlyBusinessType = f.types.every((type) => type === 4);
  return noWalks && onlyBusinessType && (f.types.length === 1 || businessKinds(f) !== null);
}

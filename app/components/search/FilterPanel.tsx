import { useState } from "react";
import type { FormEvent } from "react";
import { ALLOWED_SORTS, DEFAULT_DISTANCE_MILES, DEFAULT_LIMIT, type Sort } from "../../../geo/search/filters";
import { defaultSort, effectiveSearchType, PAGE_SEARCH_TYPES, type PageSearchType, type ResultsView, type SearchState } from "../../search/url";
import { PlaceField } from "./PlaceField";
import { TypeFilters, type TypeFilterValues } from "./TypeFilters";
import { usePlaceFields, type PlaceValues } from "./usePlaceFields";

/** filter: a checkbox or select; type: the search type; place: a suggestion or the current location filled a place field. */
export type ChangeKind = "filter" | "type" | "place";

interface FilterPanelProps {
  state: SearchState;
  view: ResultsView;
  facilities: { id: number; name: string }[];
  fieldErrors: Record<string, string>;
  /** A filter changed (checkbox, select) or the search type switched; text is applied on submit. */
  onChange: (next: SearchState, kind: ChangeKind) => void;
  onSubmit: (next: SearchState) => void;
  busy: boolean;
}

const TYPE_LABELS: Record<PageSearchType, string> = { browse: "Everywhere", location: "Near a place", route: "Along a route" };
const DISTANCES = [1, 2, 5, 10, 20, 50];

function sortLabel(sort: Sort, searchType: PageSearchType): string {
  switch (sort) {
    case "distance_away":
      return searchType === "route" ? "Closest to the route" : "Nearest first";
    case "distance_in":
      return "Route order";
    case "junction":
      return "Junction order";
    case "name":
      return "Name, A to Z";
    default:
      return "Most popular";
  }
}

/**
 * The results pages' filter form: a GET form to /search-results (or /map-search-results), so it works
 * without JavaScript; the server sends it on to the search's canonical URL. The fields of the other
 * search types hide with CSS alone (:has on the checked type), with or without JavaScript.
 */
export function FilterPanel({ state, view, facilities, fieldErrors, onChange, onSubmit, busy }: FilterPanelProps) {
  const [draft, setDraft] = useState(state);
  const [shown, setShown] = useState(state);
  if (shown !== state) {
    setShown(state);
    setDraft(state);
  }
  const update = (changes: Partial<SearchState>) => setDraft((current) => ({ ...current, ...changes, page: 1 }));
  const places = usePlaceFields(
    draft,
    (changes: Partial<PlaceValues>) => update(changes),
    (changes: Partial<PlaceValues>) => change(changes, "place"),
  );
  const type = effectiveSearchType(draft);

  function change(changes: Partial<SearchState>, kind: ChangeKind = "filter") {
    const next = { ...draft, ...changes, page: 1 };
    setDraft(next);
    onChange(next, kind);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(draft);
  }

  const distances = draft.distance !== null && !DISTANCES.includes(draft.distance) ? [...DISTANCES, draft.distance].sort((a, b) => a - b) : DISTANCES;

  return (
    <form method="get" action={view === "map" ? "/map-search-results" : "/search-results"} className="filters" data-type={draft.searchType} onSubmit={submit} aria-label="Search filters">
      {draft.road ? (
        <>
          <input type="hidden" name="search-type" value="browse" />
          <input type="hidden" name="road-slug" value={draft.road.slug} />
          <input type="hidden" name="road-country" value={draft.road.country} />
        </>
      ) : (
        <fieldset className="segmented">
          <legend className="check-group__legend">Search</legend>
          {PAGE_SEARCH_TYPES.map((searchType) => (
            <label key={searchType} className="segmented__option">
              <input
                type="radio"
                name="search-type"
                value={searchType}
                checked={draft.searchType === searchType}
                onChange={() => change({ searchType, sort: null, distance: null }, "type")}
              />
              <span>{TYPE_LABELS[searchType]}</span>
            </label>
          ))}
        </fieldset>
      )}
      {draft.limit !== DEFAULT_LIMIT ? <input type="hidden" name="limit" value={draft.limit} /> : null}
      {draft.geoLocation ? <input type="hidden" name="geo-location" value={draft.geoLocation} /> : null}

      <div className="filters__for" data-for="route">
        <PlaceField id="filter-from" {...places.field("from")} label="From" error={fieldErrors.from} currentLocation={places.control("from")} />
        <PlaceField id="filter-to" {...places.field("to")} label="To" error={fieldErrors.to} />
      </div>
      <div className="filters__for" data-for="location">
        <PlaceField id="filter-location" {...places.field("location")} label="Place" error={fieldErrors.location ?? fieldErrors.geoLocation} currentLocation={places.control("location")} />
      </div>
      {draft.road ? null : (
        <div className="filters__for field" data-for="browse">
          <label className="field__label" htmlFor="filter-country">
            Country
          </label>
          <select id="filter-country" name="country" className="field__input" value={draft.country} onChange={(event) => change({ country: event.target.value })}>
            <option value="">UK and France</option>
            <option value="united-kingdom">United Kingdom</option>
            <option value="france">France</option>
          </select>
        </div>
      )}
      {draft.road ? null : (
        <div className="filters__for field" data-for="location route">
          <label className="field__label" htmlFor="filter-distance">
            Distance
          </label>
          <select
            id="filter-distance"
            name="distance"
            className="field__input"
            value={draft.distance === null ? (draft.searchType === "location" ? "" : String(DEFAULT_DISTANCE_MILES)) : String(draft.distance)}
            onChange={(event) => change({ distance: event.target.value === "" ? null : Number(event.target.value) })}
            aria-invalid={fieldErrors.distance ? true : undefined}
          >
            {draft.searchType === "location" ? <option value="">Automatic ({DEFAULT_DISTANCE_MILES} miles)</option> : null}
            {distances.map((miles) => (
              <option key={miles} value={miles}>
                Within {miles} {miles === 1 ? "mile" : "miles"}
              </option>
            ))}
          </select>
        </div>
      )}

      <div className="field">
        <label className="field__label" htmlFor="filter-sort">
          Sort by
        </label>
        <select id="filter-sort" name="sort" className="field__input" value={draft.sort ?? defaultSort(draft)} onChange={(event) => change({ sort: ALLOWED_SORTS[type].find((sort) => sort === event.target.value) ?? null })}>
          {ALLOWED_SORTS[type].map((sort) => (
            <option key={sort} value={sort}>
              {sortLabel(sort, draft.searchType)}
            </option>
          ))}
        </select>
      </div>

      <TypeFilters idPrefix="filter" values={draft} facilities={facilities} onChange={(changes: Partial<TypeFilterValues>) => change(changes)} />

      <button type="submit" className="button filters__apply" aria-busy={busy || undefined}>
        {busy ? "Searching…" : "Apply filters"}
      </button>
    </form>
  );
}

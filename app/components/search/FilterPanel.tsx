import { useRef, useState } from "react";
import type { FormEvent, ReactNode } from "react";
import { ALLOWED_SORTS, DEFAULT_DISTANCE_MILES, DEFAULT_LIMIT, type Sort } from "../../../geo/search/filters";
import { preloadSearchValidation } from "../../search/validate";
import { defaultSort, effectiveSearchType, PAGE_SEARCH_TYPES, type PageSearchType, type ResultsView, type SearchState } from "../../search/url";
import { BusyButton } from "../forms/BusyButton";
import { useChoicesMadeBeforeHydration } from "./hooks";
import { PlaceField } from "./PlaceField";
import { TypeFilters, typeFiltersInForm, type TypeFilterValues } from "./TypeFilters";
import { usePlaceFields, type PlaceValues } from "./usePlaceFields";

/** filter: a checkbox or select; type: the search type; place: a suggestion or the current location filled a place field. */
export type ChangeKind = "filter" | "type" | "place";

interface FilterPanelProps {
  state: SearchState;
  view: ResultsView;
  facilities: { id: number; name: string }[];
  fieldErrors: Record<string, string>;
  /** A filter changed (checkbox, select) or the search type switched; text is applied on submit. */
  onChange: (next: SearchState, kind: ChangeKind) => void | Promise<void>;
  onSubmit: (next: SearchState) => void | Promise<void>;
  busy: boolean;
}

/** A select's row: label, the select and, when the server or the live check found it invalid, the marker and the message (once). */
function SelectRow({ id, label, error, className = "", dataFor, children }: { id: string; label: string; error?: string; className?: string; dataFor?: string; children: (invalid: { "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode }) {
  return (
    <div className={`field ${className}${error ? " field--invalid" : ""}`} data-for={dataFor}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children(error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {})}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
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

/** The selects' values for a search, and the changes a chosen value makes (the same whether chosen before or after hydration). */
const selects = {
  distance: {
    // A location search and a road have an empty option (automatic; any distance from the junction), a route does not.
    value: (draft: SearchState) => (draft.distance === null ? (draft.searchType === "location" || draft.road ? "" : String(DEFAULT_DISTANCE_MILES)) : String(draft.distance)),
    changes: (value: string): Partial<SearchState> => ({ distance: value === "" ? null : Number(value) }),
  },
  sort: {
    value: (draft: SearchState) => draft.sort ?? defaultSort(draft),
    changes: (value: string, draft: SearchState): Partial<SearchState> => ({ sort: ALLOWED_SORTS[effectiveSearchType(draft)].find((sort) => sort === value) ?? null }),
  },
};

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
    void onChange(next, kind);
  }

  // Selects and checkboxes changed before the page hydrated are applied as their change would have been.
  const form = useRef<HTMLFormElement>(null);
  useChoicesMadeBeforeHydration(() => {
    if (!form.current) return;
    let changes: Partial<SearchState> = typeFiltersInForm(form.current, draft);
    for (const [name, select] of Object.entries(selects)) {
      const field = form.current.elements.namedItem(name);
      if (field instanceof HTMLSelectElement && field.value !== select.value(draft)) changes = { ...changes, ...select.changes(field.value, draft) };
    }
    if (Object.keys(changes).length > 0) change(changes);
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void onSubmit({ ...draft, ...places.submitted(event.currentTarget) });
  }

  const distances = draft.distance !== null && !DISTANCES.includes(draft.distance) ? [...DISTANCES, draft.distance].sort((a, b) => a - b) : DISTANCES;

  return (
    <form ref={form} method="get" action={view === "map" ? "/map-search-results" : "/search-results"} className="filters" data-type={draft.searchType} onSubmit={submit} onFocus={preloadSearchValidation} onPointerDown={preloadSearchValidation} aria-label="Search filters">
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
        <SelectRow id="filter-country" label="Country" className="filters__for" dataFor="browse" error={fieldErrors.country}>
          {(invalid) => (
            <select id="filter-country" name="country" className="field__input" value={draft.country} onChange={(event) => change({ country: event.target.value })} {...invalid}>
              <option value="">UK and France</option>
              <option value="united-kingdom">United Kingdom</option>
              <option value="france">France</option>
            </select>
          )}
        </SelectRow>
      )}
      {/* A road's results have no search type to pick: its distance (from the junction) shows without filters__for. */}
      <SelectRow
        id="filter-distance"
        label={draft.road ? "Distance from the junction" : "Distance"}
        className={draft.road ? "" : "filters__for"}
        dataFor={draft.road ? undefined : "location route"}
        error={fieldErrors.distance}
      >
        {(invalid) => (
          <select
            id="filter-distance"
            name="distance"
            className="field__input"
            value={selects.distance.value(draft)}
            onChange={(event) => change(selects.distance.changes(event.target.value))}
            {...invalid}
          >
            {draft.road ? <option value="">Any distance</option> : draft.searchType === "location" ? <option value="">Automatic ({DEFAULT_DISTANCE_MILES} miles)</option> : null}
            {distances.map((miles) => (
              <option key={miles} value={miles}>
                Within {miles} {miles === 1 ? "mile" : "miles"}
              </option>
            ))}
          </select>
        )}
      </SelectRow>

      <SelectRow id="filter-sort" label="Sort by" error={fieldErrors.sort}>
        {(invalid) => (
          <select id="filter-sort" name="sort" className="field__input" value={selects.sort.value(draft)} onChange={(event) => change(selects.sort.changes(event.target.value, draft))} {...invalid}>
            {ALLOWED_SORTS[type].map((sort) => (
              <option key={sort} value={sort}>
                {sortLabel(sort, draft.searchType)}
              </option>
            ))}
          </select>
        )}
      </SelectRow>

      <TypeFilters idPrefix="filter" values={draft} facilities={facilities} fieldErrors={fieldErrors} onChange={(changes: Partial<TypeFilterValues>) => change(changes)} />

      {/* Busy while the results load (a navigation or a live search): it says so and ignores repeat clicks. */}
      <BusyButton className="button filters__apply" whileNavigating pending="Searching…" disabled={busy}>
        Apply filters
      </BusyButton>
    </form>
  );
}

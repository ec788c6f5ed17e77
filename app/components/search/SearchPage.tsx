import { formatDuration, formatMiles } from "../../../kit/format";
import { Link, useNavigate, useNavigation } from "@remix-run/react";
import { useMemo, useRef, useState } from "react";
import type { MouseEvent } from "react";
import { useMapSync } from "../map/useMapSync";
import { RoadBadge } from "../RoadBadge";
import { MapModal } from "../map/MapModal";
import { SearchMap } from "../map/SearchMap";
import { LIVE_UPDATE_MIN_WIDTH } from "../../search/constants";
import type { ResultsPageData, SearchOutcome } from "../../search/results.types";
import { searchHref, type SearchState } from "../../search/url";
import { validateSearch } from "../../search/validate";
import { mapPins } from "../../search/view-model";
import { FilterPanel, type ChangeKind } from "./FilterPanel";
import { JunctionPicker } from "./JunctionPicker";
import { liveUpdatesWanted, useHydrated } from "./hooks";
import { PlaceChoices } from "./PlaceChoices";
import { ResultsArea } from "./ResultsArea";
import { RouteStart } from "./RouteStart";
import { DriveByHour, TripLink } from "../trips/RouteTripParts";
import { useLiveSearch } from "./useLiveSearch";

function Summary({ outcome, state }: { outcome: SearchOutcome; state: SearchState }) {
  if (outcome.kind !== "results") return null;
  const { summary } = outcome.results;
  if (summary.road) {
    return (
      <>
        <p className="search-page__summary">
          <RoadBadge name={summary.road.name} country={summary.road.country} motorway={summary.road.motorway} />
          <span>{summary.road.description}</span>
        </p>
        <JunctionPicker state={state} junctions={summary.road.junctions} />
      </>
    );
  }
  if (summary.route) {
    return (
      <p className="search-page__summary">
        {formatMiles(summary.route.miles)} from {summary.route.from} to {summary.route.to}, about {formatDuration(summary.route.seconds)} by car
      </p>
    );
  }
  return null;
}

/**
 * A results page, as a list or with the map: header, filters and results. On wide screens with
 * JavaScript a filter change updates the list live (spec §4); a submitted form, a new search type and
 * every change on the map page are navigations, so the URL always describes what is shown.
 */
export function SearchPage({ page }: { page: ResultsPageData }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const live = useLiveSearch(page);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [mapOpen, setMapOpen] = useState(false);
  const disclosure = useRef<HTMLDetailsElement>(null);
  const results = useRef<HTMLElement>(null);
  const { view } = page;
  const { state, outcome } = live;
  const busy = live.busy || navigation.state === "loading";
  const heading = outcome.kind === "results" ? outcome.results.summary.heading : "Search results";
  const fieldErrors = { ...(outcome.kind === "error" ? outcome.error.fieldErrors : {}), ...errors };
  const hydrated = useHydrated();
  const cards = useMemo(() => (outcome.kind === "results" ? outcome.results.cards : []), [outcome]);
  const pins = useMemo(() => mapPins(cards), [cards]);
  const sync = useMapSync(cards, results);

  function go(next: SearchState, replace = false) {
    navigate(searchHref(next, view), { replace, preventScrollReset: true });
  }

  async function onChange(next: SearchState, kind: ChangeKind) {
    const problems = await validateSearch(next);
    if (kind === "type") {
      setErrors({});
      if (Object.keys(problems).length === 0) go(next);
      return;
    }
    if (!liveUpdatesWanted(LIVE_UPDATE_MIN_WIDTH)) return;
    // A chosen place searches at once when the search is complete; a half-filled route waits quietly.
    if (kind === "place" && Object.keys(problems).length > 0) return;
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    if (view === "list") void live.run(next);
    else go(next, true);
  }

  async function onSubmit(next: SearchState) {
    const problems = await validateSearch(next);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    go(next);
    // On phones the filters cover the results: Apply closes them and moves to the results.
    if (!liveUpdatesWanted(LIVE_UPDATE_MIN_WIDTH) && disclosure.current) {
      disclosure.current.open = false;
      results.current?.focus();
    }
  }

  function openMap(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    setMapOpen(true);
  }

  const filters = (
    <details ref={disclosure} className="filters-disclosure" open={Object.keys(fieldErrors).length > 0 || undefined}>
      <summary className="filters-disclosure__summary">Filters</summary>
      <FilterPanel state={state} view={view} facilities={page.facilities} fieldErrors={fieldErrors} onChange={onChange} onSubmit={onSubmit} busy={busy} />
    </details>
  );
  const resultsSection = (
    <section ref={results} tabIndex={-1} className="search-page__results" aria-labelledby="results-title" {...(view === "map" ? sync.listHandlers : {})}>
      <h2 id="results-title" className="visually-hidden">
        Results
      </h2>
      {view === "map" && hydrated && outcome.kind === "results" && outcome.results.cards.length > 0 ? (
        <p className="map-layout__hint">Each result is shown on the map as you move to it: use Tab, or the up and down arrow keys.</p>
      ) : null}
      {view === "list" && page.driveHours && outcome === page.outcome ? <DriveByHour hours={page.driveHours} state={state} /> : null}
      <ResultsArea outcome={outcome} state={state} view={view} busy={busy} viewer={page.viewer} />
    </section>
  );

  return (
    <div className={`search-page search-page--${view} container`}>
      <header className="search-page__header">
        <div>
          <p className="eyebrow">{view === "map" ? "Map of results" : "Search results"}</p>
          <h1 className="search-page__title">{heading}</h1>
          <Summary outcome={outcome} state={state} />
          <PlaceChoices choices={page.choices} />
          {view === "list" ? <RouteStart outcome={outcome} state={state} /> : null}
          <TripLink outcome={outcome} state={state} />
        </div>
        <p className="view-switch">
          {view === "list" ? (
            <a className="button button--quiet" href={searchHref(state, "map")} onClick={openMap}>
              View map
            </a>
          ) : (
            <Link className="button button--quiet" to={searchHref(state, "list")}>
              View as a list
            </Link>
          )}
        </p>
      </header>
      {view === "map" ? (
        // The map first at every width (decision 0138), so the Tab order is the order on screen: above the
        // list on phones, on its left (kept in view) from 960 px, with the filters folded above the list.
        <div className="map-layout">
          <div className="map-layout__map">
            <SearchMap state={state} points={pins} label={`Map of ${heading.charAt(0).toLowerCase()}${heading.slice(1)}`} highlighted={sync.highlighted} onSelect={sync.onPinSelected} />
          </div>
          <div className="map-layout__list">
            {filters}
            {resultsSection}
          </div>
        </div>
      ) : (
        <div className="search-page__layout">
          {filters}
          {resultsSection}
        </div>
      )}
      {mapOpen ? <MapModal state={state} title={heading} points={pins} onClose={() => setMapOpen(false)} /> : null}
    </div>
  );
}

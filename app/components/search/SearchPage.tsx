import { formatDuration, formatMiles } from "../../../kit/format";
import { Link, useNavigate, useNavigation } from "@remix-run/react";
import { lazy, memo, Suspense, useMemo, useRef, useState } from "react";
import type { ComponentType, MouseEvent } from "react";
import type { ListHandlers } from "../map/useMapSync";
import type { MapLayoutProps } from "../map/SearchMapLayout";
import { RoadBadge } from "../RoadBadge";
import { LIVE_UPDATE_MIN_WIDTH } from "../../search/constants";
import type { ResultsPageData, SearchOutcome } from "../../search/results.types";
import { searchHref, type SearchState } from "../../search/url";
import { validateSearch } from "../../search/validate";
import type { ChangeKind } from "./FilterPanel";
import { HydratesLate, hydratesOnItsOwn, lateComponent, liveUpdatesWanted, useHydrated } from "./hooks";
import { PlaceChoices } from "./PlaceChoices";
import { ResultsArea as ResultsAreaNow } from "./ResultsArea";
import { RouteStart } from "./RouteStart";
import { DriveByHour, TripLink } from "../trips/RouteTripParts";
import { useLiveSearch } from "./useLiveSearch";

// The filter form (with the place fields and their suggestions) and a road's junction picker are in the
// server's HTML, and plain GET forms until their code arrives, as the page hydrates (decision 0321).
const FilterPanel = lateComponent(() => import("./FilterPanel").then((module) => module.FilterPanel));
const JunctionPicker = lateComponent(() => import("./JunctionPicker").then((module) => module.JunctionPicker));

// The results (about half the page's elements) hydrate in a task of their own, after the rest, and render
// again only when what they show changes (not when the router's state does, as when Remix adds the routes of
// the page's links after it hydrated; decision 0351).
const ResultsArea = hydratesOnItsOwn(memo(ResultsAreaNow));

// The list's map modal (with the map's own code) loads when the visitor asks for the map (decision 0321).
const MapModal = lazy(() => import("../map/MapModal").then((module) => ({ default: module.MapModal })));

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
        {state.road && summary.road.junctions.length > 0 ? (
          <HydratesLate>
            <JunctionPicker state={state} junctions={summary.road.junctions} />
          </HydratesLate>
        ) : null}
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
export function SearchPage({ page, MapLayout }: { page: ResultsPageData; MapLayout?: ComponentType<MapLayoutProps> }) {
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
      <HydratesLate>
        <FilterPanel state={state} view={view} facilities={page.facilities} fieldErrors={fieldErrors} onChange={onChange} onSubmit={onSubmit} busy={busy} />
      </HydratesLate>
    </details>
  );
  const resultsSection = (handlers?: ListHandlers) => (
    <section ref={results} tabIndex={-1} className="search-page__results" aria-labelledby="results-title" {...handlers}>
      <h2 id="results-title" className="visually-hidden">
        Results
      </h2>
      {view === "map" && hydrated && outcome.kind === "results" && outcome.results.cards.length > 0 ? (
        <p className="map-layout__hint">Each result is shown on the map as you move to it: use Tab, or the up and down arrow keys.</p>
      ) : null}
      {view === "list" && page.driveHours && outcome === page.outcome ? <DriveByHour hours={page.driveHours} state={state} /> : null}
      <HydratesLate>
        <ResultsArea outcome={outcome} state={state} view={view} busy={busy} viewer={page.viewer} />
      </HydratesLate>
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
      {view === "map" && MapLayout ? (
        // The map route passes its layout (app/components/map/SearchMapLayout.tsx): the list pages do not load it.
        <MapLayout state={state} heading={heading} cards={cards} list={results} filters={filters} results={resultsSection} />
      ) : (
        <div className="search-page__layout">
          {filters}
          {resultsSection()}
        </div>
      )}
      {mapOpen ? (
        <Suspense fallback={null}>
          <MapModal state={state} title={heading} cards={cards} onClose={() => setMapOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}

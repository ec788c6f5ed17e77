import { Link } from "@remix-run/react";
import { CompassIcon } from "../icons";
import { SECTIONS } from "../../navigation";
import { NO_RESULTS_MESSAGE } from "../../search/constants";
import type { ResultsViewer, SearchFailure, SearchOutcome } from "../../search/results.types";
import { searchHref, type ResultsView, type SearchState } from "../../search/url";
import { Pagination } from "./Pagination";
import { ResultCard } from "./ResultCard";

/** Spec §8: no results, with a prompt to add a listing (a link only once that page exists: decision 0004). */
function NoResults() {
  const addListing = SECTIONS.find((section) => section.to === "/add-listing");
  return (
    <div className="empty-state" role="status">
      <span className="empty-state__icon">
        <CompassIcon size={26} />
      </span>
      <div>
        <p className="empty-state__title">{NO_RESULTS_MESSAGE}</p>
        <p>Try a wider distance, fewer filters or a nearby town.</p>
        {addListing?.built ? (
          <p>
            Know a dog-friendly place we are missing? <Link to={addListing.to}>Add a listing</Link> and help other dog owners find it.
          </p>
        ) : (
          <p>Know a dog-friendly place we are missing? Soon you will be able to add it here yourself and help other dog owners find it.</p>
        )}
      </div>
    </div>
  );
}

/** The filters the filter panel shows a message beside (FilterPanel, TypeFilters, PlaceField). */
const PANEL_FIELDS = new Set(["from", "to", "location", "geoLocation", "country", "distance", "sort", "types", "allWalks", "pubWalks", "beachWalks", "accommodation", "dogServices", "facilities"]);

/** The error's message, less what already shows beside its field in the panel (a message shows once). */
function generalMessage(error: SearchFailure): string | null {
  const onFields = new Set(Object.entries(error.fieldErrors).flatMap(([name, message]) => (PANEL_FIELDS.has(name) ? [message] : [])));
  if (onFields.size === 0) return error.message;
  const rest = error.message.split(". ").filter((part) => !onFields.has(part));
  return rest.length > 0 ? rest.join(". ") : null;
}

interface ResultsAreaProps {
  outcome: SearchOutcome;
  state: SearchState;
  view: ResultsView;
  busy: boolean;
  viewer: ResultsViewer;
}

/** The results, the no-results state or the search's error message, with the pagination. */
export function ResultsArea({ outcome, state, view, busy, viewer }: ResultsAreaProps) {
  if (outcome.kind === "error") {
    const { error } = outcome;
    const message = generalMessage(error);
    return (
      <div className="search-error" role="alert">
        <p className="search-error__title">We couldn't run that search</p>
        <p>{message ?? "Please correct the filters marked in the form."}</p>
        {error.fix ? (
          <p>
            <Link to={error.fix.href}>{error.fix.label}</Link>
          </p>
        ) : null}
      </div>
    );
  }
  const { cards, pagination, summary } = outcome.results;
  if (cards.length === 0) return <NoResults />;
  const returnTo = searchHref(state, view);
  const favourites = new Set(viewer.favouriteIds);
  return (
    <div className="results" aria-busy={busy || undefined}>
      <ol className="result-list" start={(pagination.page - 1) * pagination.limit + 1}>
        {cards.map((card, index) => (
          <ResultCard key={card.id} card={card} searchType={summary.searchType} position={(pagination.page - 1) * pagination.limit + index + 1}
            favourite={{ member: viewer.member, isFavourite: favourites.has(card.id), returnTo }}
          />
        ))}
      </ol>
      <Pagination state={state} view={view} pagination={pagination} shown={cards.length} />
    </div>
  );
}

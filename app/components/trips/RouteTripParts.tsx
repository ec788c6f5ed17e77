import { Link } from "@remix-run/react";
import type { DriveHour } from "../../../geo/trip/hours";
import { CURRENT_LOCATION_LABEL } from "../../search/constants";
import type { SearchOutcome } from "../../search/results.types";
import { searchHref, withChanges, type SearchState } from "../../search/url";

/** The same drive in the trip planner: a break every 2 hours at a walk, leaving at the next whole hour. */
export function TripLink({ outcome, state }: { outcome: SearchOutcome; state: SearchState }) {
  if (outcome.kind !== "results" || state.searchType !== "route" || !outcome.results.summary.route) return null;
  const place = (text: string) => (text === CURRENT_LOCATION_LABEL && state.geoLocation ? state.geoLocation : text);
  const params = new URLSearchParams({ from: place(state.from), to: place(state.to), every: "120", kind: "walk" });
  if (state.fromId) params.set("fromId", state.fromId);
  if (state.toId) params.set("toId", state.toId);
  return (
    <p className="search-page__trip-link">
      <Link to={`/trip?${params.toString()}`}>Plan breaks every 2 h for this drive</Link>
    </p>
  );
}

/** A long route's first page, hour by hour of the drive (decision 0245), each hour opening the results from there. */
export function DriveByHour({ hours, state }: { hours: DriveHour[]; state: SearchState }) {
  if (hours.length === 0) return null;
  return (
    <section className="drive-hours" aria-labelledby="drive-hours-title">
      <h3 id="drive-hours-title" className="drive-hours__title">
        Along the whole drive, hour by hour
      </h3>
      <ol className="drive-hours__list">
        {hours.map((hour) => (
          <li key={hour.hours} className="drive-hours__hour">
            <p className="drive-hours__label">
              <strong>{hour.label}</strong> <span className="drive-hours__miles">({hour.milesIn} miles in)</span>
            </p>
            {hour.listings.length === 0 ? (
              <p className="drive-hours__none">Nothing matching your filters near the route here.</p>
            ) : (
              <ul className="drive-hours__listings">
                {hour.listings.map((listing) => (
                  <li key={listing.id}>
                    <Link to={listing.url}>{listing.title}</Link> <span className="drive-hours__miles">{listing.typeName}, {listing.milesFromRoute} miles off the route</span>
                  </li>
                ))}
              </ul>
            )}
            <Link className="drive-hours__more" to={searchHref(withChanges(state, { startHours: hour.hours }), "list")}>
              All results from here<span className="visually-hidden">: {hour.label}</span>
            </Link>
          </li>
        ))}
      </ol>
      <p className="drive-hours__below">Below: every result from the start of the drive, in the order you pass them.</p>
    </section>
  );
}

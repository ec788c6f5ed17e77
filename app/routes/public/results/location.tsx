import { searchLocation } from "../../../../geo/search/location";
import { resultsLoader } from "../../../search/results.server";

// Results around a place: /location[/{segment}]?location=…; the search is geo/search/location.ts (decision 0306).
// The page, meta, styles and error boundary are the results list's (app/search/results-route.tsx).

export const loader = resultsLoader(searchLocation);

export { default, ErrorBoundary, links, meta, shouldRevalidate } from "../../../search/results-route";

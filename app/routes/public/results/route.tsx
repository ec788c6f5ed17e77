import { searchRoute } from "../../../../geo/search/route";
import { resultsLoader } from "../../../search/results.server";

// Results along a drive: /route[/{segment}]?from=…&to=…; the search is geo/search/route.ts (decision 0306).
// The page, meta, styles and error boundary are the results list's (app/search/results-route.tsx).

export const loader = resultsLoader(searchRoute);

export { default, ErrorBoundary, links, meta, shouldRevalidate } from "../../../search/results-route";

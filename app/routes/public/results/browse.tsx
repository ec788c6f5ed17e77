import { searchBrowse } from "../../../../geo/search/browse";
import { resultsLoader } from "../../../search/results.server";

// Results of browsing: /browse[/{segment}], every live listing by popularity or name; the search is geo/search/browse.ts (decision 0306).
// The page, meta, styles and error boundary are the results list's (app/search/results-route.tsx).

export const loader = resultsLoader(searchBrowse);

export { default, ErrorBoundary, links, meta, shouldRevalidate } from "../../../search/results-route";

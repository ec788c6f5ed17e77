import { searchRoad } from "../../../../geo/search/road";
import { resultsLoader } from "../../../search/results.server";

// Results along a road: /browse/road/{country}/{road-slug}[/junction-{n}][/{segment}]; the search is geo/search/road.ts (decision 0306).
// The page, meta, styles and error boundary are the results list's (app/search/results-route.tsx).

export const loader = resultsLoader(searchRoad);

export { default, ErrorBoundary, links, meta, shouldRevalidate } from "../../../search/results-route";

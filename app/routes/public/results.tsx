import { resultsLoader } from "../../search/results.server";

// /search-results?search-type=…: the old entry to every kind of search. It answers with a redirect to the
// kind's own URL (served by routes/public/results/{browse,road,location,route}.tsx), or with the page
// that says what in the URL could not be read. The URL is the whole search (app/search/url.ts).

export const loader = resultsLoader();

export { default, ErrorBoundary, links, meta, shouldRevalidate } from "../../search/results-route";

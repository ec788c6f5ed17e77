import { deepFreeze } from "../../kit/deep-freeze";
import { keptByText } from "../../kit/kept-by-text";
import { parseFilters } from "../../geo/search";
import { filtersFromSearchParams, type SearchFilters } from "../../geo/search/filters";

/**
 * The JSON search API's filters, read and parsed once for each search type and query as written
 * (decision 0342), as the results pages' are (decision 0333): the schema's parse is a function of that
 * text alone and was about 4 % of the API's CPU a request. Kept frozen, deeply: the results pages hand
 * `search` frozen filters of every kind too, so nothing downstream changes them. A query that fails to
 * parse throws as before and is not kept. At most 500,000 characters of queries and answers.
 */
export function apiSearchFilters(searchType: string | undefined, url: URL): SearchFilters {
  if (searchType === undefined || searchType.includes("\n")) return parsedFilters(searchType, url.searchParams);
  return keptFilters(`${searchType}\n${url.search}`);
}

function parsedFilters(searchType: string | undefined, params: URLSearchParams): SearchFilters {
  return parseFilters(filtersFromSearchParams(params, { searchType }));
}

const keptFilters = keptByText(
  (key: string) => {
    const newline = key.indexOf("\n");
    return deepFreeze(parsedFilters(key.slice(0, newline), new URLSearchParams(key.slice(newline + 1))));
  },
  500_000,
  () => 1_000,
);

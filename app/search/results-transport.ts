// How a results list's loader data travels (decision 0333): the page's 20 result cards as one packed text
// (kit/packed-rows.ts) instead of 20 objects of 14 fields, which turbo-stream walked value by value on every
// page (about 0.2 ms of a location results page's CPU, and most of the garbage its data made). Client-safe.
import { packRows, unpackRows } from "../../kit/packed-rows";
import type { ResultsPageData, SearchOutcome } from "./results.types";
import type { ResultCard, ResultsData } from "./view-model";

/** resultCard()'s fields, in its order (the unpacked cards are the same objects, key for key). */
const CARD_FIELDS = ["id", "url", "title", "snippet", "typeId", "distance", "distanceIn", "junction", "junctionHref", "place", "premium", "thumbnail", "lat", "lng"] as const satisfies readonly (keyof ResultCard)[];

type PackedResults = Omit<ResultsData, "cards"> & { packedCards: string };
type PackedOutcome = Exclude<SearchOutcome, { kind: "results" }> | { kind: "results"; results: PackedResults };
/** A results list's loader data: the page with its cards packed. */
export type PackedResultsPage = Omit<ResultsPageData, "outcome"> & { outcome: PackedOutcome };

/** The page each packed page was made from (the server renders from the object its loader returned) or read back into (the browser). */
const pages = new WeakMap<PackedResultsPage, ResultsPageData>();

export function packResultsPage(page: ResultsPageData): PackedResultsPage {
  const { outcome } = page;
  if (outcome.kind !== "results") return page as PackedResultsPage;
  const { cards, ...rest } = outcome.results;
  const packed: PackedResultsPage = { ...page, outcome: { kind: "results", results: { ...rest, packedCards: packRows(cards, CARD_FIELDS) } } };
  pages.set(packed, page);
  return packed;
}

/** The page a results list shows: on the server the loader's own page, in the browser read back once for each loader data. */
export function unpackResultsPage(packed: PackedResultsPage): ResultsPageData {
  let page = pages.get(packed);
  if (page === undefined) {
    const { outcome } = packed;
    if (outcome.kind !== "results") page = packed as ResultsPageData;
    else {
      const { packedCards, ...rest } = outcome.results;
      const results: ResultsData = { cards: unpackRows<ResultCard>(packedCards, CARD_FIELDS), ...rest };
      page = { ...packed, outcome: { kind: "results", results } };
    }
    pages.set(packed, page);
  }
  return page;
}

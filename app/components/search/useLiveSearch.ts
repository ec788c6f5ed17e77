import { useCallback, useEffect, useRef, useState } from "react";
import type { ResultsPageData, SearchOutcome } from "../../search/results.types";
import { searchHref, type SearchState } from "../../search/url";
import { currentPosition, formatLatLng } from "./hooks";

async function position(): Promise<string | null> {
  const found = await currentPosition();
  return found ? formatLatLng(found) : null;
}

const UNREACHABLE = "Sorry, we couldn't reach the search. Please check your connection and try again.";

/**
 * A search run again in the background with the JSON API (spec §4): each run aborts the one before, a
 * geo-location-missing answer is retried once with the browser's position, and the address bar follows
 * the results so the page can still be shared. New loader data (a navigation) replaces live results.
 */
export function useLiveSearch(page: ResultsPageData) {
  const [live, setLive] = useState<{ source: ResultsPageData; state: SearchState; outcome: SearchOutcome } | null>(null);
  const [busy, setBusy] = useState(false);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async (state: SearchState) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setBusy(true);
      let result: { state: SearchState; outcome: SearchOutcome };
      try {
        // The live search's code loads with the first filter changed (decision 0321).
        const { fetchSearch, searchWithRetry } = await import("../../search/live");
        result = await searchWithRetry(state, { fetchSearch, position }, current.signal);
      } catch (error) {
        if (current.signal.aborted) return;
        console.warn("Live search failed", error);
        result = { state, outcome: { kind: "error", error: { message: UNREACHABLE, fieldErrors: {}, code: null, fix: null } } };
      }
      if (current.signal.aborted) return;
      setLive({ source: page, ...result });
      setBusy(false);
      window.history.replaceState(window.history.state, "", searchHref(result.state, "list"));
    },
    [page],
  );

  const shown = live && live.source === page ? live : null;
  return { state: shown?.state ?? page.state, outcome: shown?.outcome ?? page.outcome, busy, run };
}

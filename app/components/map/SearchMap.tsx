import { useEffect, useRef, useState } from "react";
import { useHydrated } from "../search/hooks";
import { apiSearchHref, type SearchState } from "../../search/url";
import { mapData } from "../../search/view-model";
import { fetchSearch } from "../../search/live";
import { usePageContext } from "../../ops/page-context";

// Runs while the page is parsed, so with JavaScript on the "needs JavaScript" note never shows, even
// before hydration; React sets the same class once it runs.
const MARK_SCRIPTING = "document.currentScript.parentElement.classList.add('search-map--scripted')";

type MapStatus = { kind: "loading" } | { kind: "ready"; pins: number } | { kind: "failed"; message: string };

/**
 * A search on a map. The map code (MapLibre) is a separate chunk, imported here only once the
 * component runs in the browser; the pins, route and circle come from the JSON API with map points.
 * Without JavaScript the frame is replaced by a note that the map needs it.
 */
export function SearchMap({ state, label }: { state: SearchState; label: string }) {
  const hydrated = useHydrated();
  const { nonce } = usePageContext();
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<MapStatus>({ kind: "loading" });
  const href = apiSearchHref(state, { includeMapPoints: true });

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const controller = new AbortController();
    let remove: (() => void) | null = null;
    setStatus({ kind: "loading" });
    Promise.all([fetchSearch(href, controller.signal), import("./map-engine")])
      .then(([answer, engine]) => {
        if (controller.signal.aborted) return;
        if ("error" in answer) {
          setStatus({ kind: "failed", message: answer.error.message });
          return;
        }
        const data = mapData(answer.response);
        remove = engine.mountSearchMap(element, data, () => {
          element.dataset.ready = "true";
          setStatus({ kind: "ready", pins: data.points.length });
        });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn("The map could not load", error);
        setStatus({ kind: "failed", message: "Sorry, the map could not load. The results are listed on this page." });
      });
    return () => {
      controller.abort();
      remove?.();
      delete element.dataset.ready;
    };
  }, [href]);

  return (
    <div className={hydrated ? "search-map search-map--scripted" : "search-map"}>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: MARK_SCRIPTING }} />
      <div ref={container} className="search-map__canvas" role="region" aria-label={label} data-pins={status.kind === "ready" ? status.pins : undefined} />
      <p className="search-map__status" aria-live="polite">
        {status.kind === "loading" && hydrated ? "Loading the map…" : null}
        {status.kind === "ready" ? `${status.pins.toLocaleString("en-GB")} ${status.pins === 1 ? "place" : "places"} on the map` : null}
        {status.kind === "failed" ? status.message : null}
      </p>
      <p className="search-map__no-js">The map needs JavaScript. The results are listed below.</p>
    </div>
  );
}

import { useEffect, useRef, useState } from "react";
import { useHydrated } from "../search/hooks";
import { apiSearchHref, type SearchState } from "../../search/url";
import { mapData, type MapPin } from "../../search/view-model";
import { fetchSearch } from "../../search/live";
import { usePageContext } from "../../ops/page-context";
import type { HighlightedPoint, SearchMapHandle } from "./map-engine";
import { LEGEND_TYPES, PIN_TOKENS } from "./pin-types";

// Runs while the page is parsed, so with JavaScript on the "needs JavaScript" note never shows, even
// before hydration; the component sets the same class once it runs.
const MARK_SCRIPTING = "document.currentScript.parentElement.classList.add('search-map--scripted')";

type MapStatus = { kind: "loading" } | { kind: "ready"; pins: number } | { kind: "failed"; message: string };

/**
 * A search on a map. The map code (MapLibre) is a separate chunk, imported here only once the
 * component runs in the browser; the pins, route and circle come from the JSON API with map points.
 * Without JavaScript the frame is replaced by a note that the map needs it.
 */
interface SearchMapProps {
  state: SearchState;
  label: string;
  /** The results of the page being shown: the map's pins are exactly the list's (decision 0137). */
  points: MapPin[];
  /** The result the visitor is on in the list: its pin is ringed and its tooltip opened. */
  highlighted?: HighlightedPoint | null;
  /** A pin's tooltip was opened on the map. */
  onSelect?: (id: number) => void;
}

/** What the marker colours, the numbered circles and the route line mean. */
function MapLegend({ route }: { route: boolean }) {
  return (
    <div className="map-legend">
      <ul className="map-legend__list" aria-label="Map key">
        {LEGEND_TYPES.map((type) => (
          <li key={type.theme} className="map-legend__item">
            <span className="map-legend__swatch" style={{ background: `var(${PIN_TOKENS[type.theme]})` }} aria-hidden="true" />
            {type.label}
          </li>
        ))}
        <li className="map-legend__item">
          <span className="map-legend__swatch map-legend__swatch--cluster" aria-hidden="true">
            3
          </span>
          Several places (select to zoom in)
        </li>
        {route ? (
          <li className="map-legend__item">
            <span className="map-legend__swatch map-legend__swatch--route" aria-hidden="true" />
            Your route
          </li>
        ) : null}
      </ul>
    </div>
  );
}

export function SearchMap({ state, label, points, highlighted = null, onSelect }: SearchMapProps) {
  const hydrated = useHydrated();
  const { nonce } = usePageContext();
  const container = useRef<HTMLDivElement>(null);
  const handle = useRef<SearchMapHandle | null>(null);
  const selected = useRef(onSelect);
  selected.current = onSelect;
  const [status, setStatus] = useState<MapStatus>({ kind: "loading" });
  const [hasRoute, setHasRoute] = useState(false);
  // The route, circle and markers come from the API; the pins are the page's own results.
  const href = apiSearchHref(state);
  const pins = useRef(points);
  pins.current = points;
  const pinKey = points.map((point) => point.id).join(",");
  /** Reports the latest drawing drawn; null while a new one is fetched (a late `idle` then reports nothing). */
  const drawnReport = useRef<(() => void) | null>(null);

  // A new search or page (href, pins) is drawn on the map there is (decision 0346, as 0340 did for the trip
  // map): no new WebGL context, style, glyphs or tiles, no flash. A new map is mounted only on first use or
  // when the new drawing needs other layers (map-engine's `update` says so).
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const controller = new AbortController();
    if (!handle.current) setStatus({ kind: "loading" });
    Promise.all([fetchSearch(href, controller.signal), import("./map-engine")])
      .then(([answer, engine]) => {
        if (controller.signal.aborted) return;
        if ("error" in answer) {
          handle.current?.remove();
          handle.current = null;
          setStatus({ kind: "failed", message: answer.error.message });
          return;
        }
        const data = mapData(answer.response, pins.current);
        setHasRoute(data.route !== null);
        drawnReport.current = () => {
          element.dataset.ready = "true";
          setStatus({ kind: "ready", pins: data.points.length });
        };
        // Before its first load, a map draws the latest data and reports through the same callback.
        const onDrawn = () => drawnReport.current?.();
        if (handle.current?.update(data, onDrawn)) return;
        handle.current?.remove();
        handle.current = engine.mountSearchMap(element, data, onDrawn, { onSelect: (id) => selected.current?.(id) });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn("The map could not load", error);
        handle.current?.remove();
        handle.current = null;
        setStatus({ kind: "failed", message: "Sorry, the map could not load. The results are listed on this page." });
      });
    return () => {
      controller.abort();
      drawnReport.current = null;
      delete element.dataset.ready;
    };
  }, [href, pinKey]);

  useEffect(
    () => () => {
      handle.current?.remove();
      handle.current = null;
    },
    [],
  );

  useEffect(() => {
    if (status.kind === "ready") handle.current?.highlight(highlighted);
  }, [highlighted, status.kind]);

  return (
    <div className={hydrated ? "search-map search-map--scripted" : "search-map"}>
      {/* Server HTML only: a <script> rendered in the browser by Preact would run (and break the CSP). */}
      {hydrated ? null : <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: MARK_SCRIPTING }} />}
      <div ref={container} className="search-map__canvas" role="region" aria-label={label} data-pins={status.kind === "ready" ? status.pins : undefined} />
      <p className="search-map__status" aria-live="polite">
        {status.kind === "loading" && hydrated ? "Loading the map…" : null}
        {status.kind === "ready" ? `${status.pins.toLocaleString("en-GB")} ${status.pins === 1 ? "place" : "places"} on the map` : null}
        {status.kind === "failed" ? status.message : null}
      </p>
      {hydrated ? <MapLegend route={hasRoute} /> : null}
      <p className="search-map__no-js">The map needs JavaScript. The results are listed below.</p>
    </div>
  );
}

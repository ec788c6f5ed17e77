import { useEffect, useRef, useState } from "react";
import type { MapData } from "../../search/view-model";
import type { SearchMapHandle } from "./map-engine";

/**
 * Mounts the search pages' map (map-engine, loaded on first use) in a container and draws what `draw`
 * returns: a route with its markers and pins, as the directions and the trip planner show them. When `key`
 * (which stands for the drawing) changes, the same map is drawn again with `draw`'s new data (an edited
 * trip: no new map, no flash, the tiles kept); a new map is mounted only when `printable` changes or the new
 * drawing needs other layers. `draw` is read then, so it may be a new function on every render. Until the
 * map is ready, and if it cannot load, the returned status says so (`failure`). The container's
 * `data-ready` is "true" once what `key` stands for is drawn.
 */
function useDrawnRoute(draw: () => MapData, key: string, { printable = false, failure }: { printable?: boolean; failure: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState("Loading the map…");
  /** Bumped when a drawing cannot be drawn on the map there is: a new map is mounted. */
  const [mounts, setMounts] = useState(0);
  const latest = useRef({ draw, failure, key });
  latest.current = { draw, failure, key };
  const handle = useRef<SearchMapHandle | null>(null);
  /** The key of what the map shows (or is drawing). */
  const shown = useRef<string | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let live = true;
    import("./map-engine")
      .then((engine) => {
        if (!live) return;
        shown.current = latest.current.key;
        handle.current = engine.mountSearchMap(
          element,
          latest.current.draw(),
          () => {
            element.dataset.ready = "true";
            setStatus("");
          },
          { printable },
        );
      })
      .catch(() => setStatus(latest.current.failure));
    return () => {
      live = false;
      handle.current?.remove();
      handle.current = null;
      shown.current = null;
      delete element.dataset.ready;
    };
  }, [printable, mounts]);

  useEffect(() => {
    const element = container.current;
    const map = handle.current;
    // Not mounted yet: the mount draws the latest drawing.
    if (!element || !map || shown.current === key) return;
    shown.current = key;
    delete element.dataset.ready;
    const drawn = map.update(latest.current.draw(), () => {
      if (shown.current === key) element.dataset.ready = "true";
    });
    if (!drawn) setMounts((n) => n + 1);
  }, [key]);

  return { container, status };
}

/**
 * A drawn route's map and its status line (the directions' and the trip planner's map): `className` is the
 * wrapper's, `canvasClassName` the map's own box.
 */
export function DrawnRouteMap({ draw, drawKey, label, printable = false, failure, className, canvasClassName }: { draw: () => MapData; drawKey: string; label: string; printable?: boolean; failure: string; className: string; canvasClassName: string }) {
  const { container, status } = useDrawnRoute(draw, drawKey, { printable, failure });
  return (
    <div className={`${className} js-enhanced`}>
      <div ref={container} className={canvasClassName} role="region" aria-label={label} />
      <p className="search-map__status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}

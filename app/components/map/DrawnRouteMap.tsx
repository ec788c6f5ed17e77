import { useEffect, useRef, useState } from "react";
import type { MapData } from "../../search/view-model";

/**
 * Mounts the search pages' map (map-engine, loaded on first use) in a container and draws what `draw`
 * returns: a route with its markers and pins, as the directions and the trip planner show them. The map
 * is drawn again only when `key` (which stands for the drawing) or `printable` changes; `draw` is read
 * then, so it may be a new function on every render. Until the map is ready, and if it cannot load, the
 * returned status says so (`failure`).
 */
function useDrawnRoute(draw: () => MapData, key: string, { printable = false, failure }: { printable?: boolean; failure: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState("Loading the map…");
  const latest = useRef({ draw, failure });
  latest.current = { draw, failure };

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let handle: { remove: () => void } | null = null;
    let live = true;
    import("./map-engine")
      .then((engine) => {
        if (!live) return;
        handle = engine.mountSearchMap(
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
      handle?.remove();
    };
  }, [key, printable]);

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

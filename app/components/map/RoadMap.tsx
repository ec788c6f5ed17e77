import { useEffect, useRef, useState } from "react";
import { useHydrated } from "../search/hooks";
import type { RoadMapData, RoadMapHandle } from "./road-map-engine";

type Status = "loading" | "ready" | "failed";

/**
 * The back office's map of a road: its line and junctions, and each click's position handed to
 * `onPick`. MapLibre is imported only in the browser. Without JavaScript the page's typed fields do
 * the same work, and this frame says so.
 */
export function RoadMap({ data, onPick, label, hint }: { data: RoadMapData; onPick: (lat: number, lng: number) => void; label: string; hint: string }) {
  const hydrated = useHydrated();
  const container = useRef<HTMLDivElement>(null);
  const handle = useRef<RoadMapHandle | null>(null);
  const pick = useRef(onPick);
  const latest = useRef(data);
  const [status, setStatus] = useState<Status>("loading");
  pick.current = onPick;
  latest.current = data;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let cancelled = false;
    import("./road-map-engine")
      .then((engine) => {
        if (cancelled) return;
        handle.current = engine.mountRoadMap(
          element,
          latest.current,
          (lat, lng) => pick.current(lat, lng),
          () => {
            element.dataset.ready = "true";
            setStatus("ready");
          },
        );
      })
      .catch((error: unknown) => {
        console.warn("The map could not load", error);
        if (!cancelled) setStatus("failed");
      });
    return () => {
      cancelled = true;
      handle.current?.remove();
      handle.current = null;
      delete element.dataset.ready;
    };
  }, [hydrated]);

  useEffect(() => {
    handle.current?.update(data);
  }, [data]);

  if (!hydrated) return <p className="admin-muted admin-road-map__no-js">The map needs JavaScript: type the points instead.</p>;
  return (
    <div className="admin-road-map">
      <p className="field__hint">{hint}</p>
      <div ref={container} className="admin-road-map__canvas" role="region" aria-label={label} />
      <p className="admin-muted" aria-live="polite">
        {status === "loading" ? "Loading the map…" : null}
        {status === "failed" ? "Sorry, the map could not load. Type the points instead." : null}
      </p>
    </div>
  );
}

import { useEffect, useRef, useState } from "react";
import { useHydrated } from "../search/hooks";

interface Props {
  lat: number;
  lng: number;
  url: string;
  title: string;
}

/** A map search around the listing: the map page of places within the default distance of it. */
function mapSearchHref(lat: number, lng: number): string {
  return `/map/location?${new URLSearchParams({ location: `${lat.toFixed(5)},${lng.toFixed(5)}` }).toString()}`;
}

/**
 * "Where it is": a small, still map of the listing's position (decision 0133). MapLibre loads only
 * when the map is about to scroll into view; without JavaScript the link to the full map stands in
 * for it (directions are in the page's actions).
 */
export function ListingMiniMap({ lat, lng, url, title }: Props) {
  const hydrated = useHydrated();
  const frame = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = frame.current;
    if (!element || visible) return;
    if (!("IntersectionObserver" in window)) {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin: "200px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible, hydrated]);

  useEffect(() => {
    const element = frame.current;
    if (!element || !visible) return;
    let remove: (() => void) | null = null;
    let live = true;
    import("../map/map-engine")
      .then((engine) => {
        if (!live) return;
        remove = engine.mountMiniMap(element, { lat, lng, url }, () => {
          element.dataset.ready = "true";
        });
      })
      .catch(() => setFailed(true));
    return () => {
      live = false;
      remove?.();
      delete element.dataset.ready;
    };
  }, [visible, lat, lng, url]);

  return (
    <section className="mini-map" aria-labelledby="mini-map-title">
      <h2 id="mini-map-title">Where it is</h2>
      {hydrated && !failed ? <div ref={frame} className="mini-map__frame" role="group" aria-label={`Map showing where ${title} is`} /> : null}
      <p className="mini-map__links">
        <a href={mapSearchHref(lat, lng)}>See it on the map with places nearby</a>
      </p>
    </section>
  );
}

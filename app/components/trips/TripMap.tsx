import type { TripPlan } from "../../../geo/trip/plan";
import { shortPlace } from "../../search/view-model";
import { DrawnRouteMap } from "../map/DrawnRouteMap";

/** Every this many route points is kept for the map: the line is drawn, not measured. */
function thinned(line: [number, number][], max = 1500): [number, number][] {
  if (line.length <= max) return line;
  const step = Math.ceil(line.length / max);
  return line.filter((_, i) => i % step === 0 || i === line.length - 1);
}

/**
 * The drive on the search pages' map (map-engine): the route, the start and end, the stops numbered in
 * order and their alternatives as pins (keyboard reachable, with the same tooltips as the results map).
 */
export function TripMap({ plan, label, printable = false }: { plan: Pick<TripPlan, "route" | "stops" | "from" | "to">; label: string; printable?: boolean }) {
  const key = JSON.stringify([plan.route.length, plan.route[0], plan.stops.map((s) => s.listing.id)]);
  const draw = () => {
    const { route, stops, from, to } = plan;
    const pin = (o: TripPlan["stops"][number]["alternatives"][number]) => ({ id: o.listing.id, lat: o.listing.lat, lng: o.listing.lng, url: o.listing.url, title: o.listing.title, premium: false });
    const points = [...stops.map(pin), ...stops.flatMap((s) => s.alternatives.map(pin))].filter((p, i, all) => all.findIndex((q) => q.id === p.id) === i);
    const markers = [
      { lat: from.lat, lng: from.lng, label: shortPlace(from.label) },
      ...stops.map((s) => ({ lat: s.listing.lat, lng: s.listing.lng, label: String(s.index + 1) })),
      { lat: to.lat, lng: to.lng, label: shortPlace(to.label) },
    ];
    return { points, route: thinned(route), circle: null, markers };
  };
  return <DrawnRouteMap draw={draw} drawKey={key} label={label} printable={printable} failure="Sorry, the map could not load. The stops are listed on this page." className="trip-map" canvasClassName="trip-map__canvas" />;
}

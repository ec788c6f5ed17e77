import { Form } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { PlaceField } from "../search/PlaceField";
import { usePlaceFields, type PlaceValues } from "../search/usePlaceFields";
import type { DirectionsResponse } from "../../../geo/directions";
import { formatDuration, formatMiles } from "../../search/format";
import { SettingsModalLink } from "../forms/SettingsModalLink";
import { DirectionIcon } from "./DirectionIcon";
import { BusyButton } from "../forms/BusyButton";


/**
 * The directions form: a GET form (works without JavaScript) with the search forms' place field:
 * suggestions whose chosen place travels as from-id, and the current-location option that fills the
 * field with 'Your current location' and the hidden geo-location with 'latitude,longitude'.
 */
export function DirectionsForm({ action, from, geoLocation, fromId = "", error }: { action: string; from: string; geoLocation: string; fromId?: string; error: string | null }) {
  const [values, setValues] = useState<PlaceValues>({ from, to: "", location: "", geoLocation, fromId, toId: "", locationId: "" });
  const places = usePlaceFields(values, (changes) => setValues((current) => ({ ...current, ...changes })));

  return (
    <Form method="get" action={action} className="directions__form">
      <PlaceField id="directions-from" {...places.field("from")} label="Starting from" placeholder="Town, city or postcode" error={error ?? undefined} currentLocation={places.control("from")} />
      {values.geoLocation ? <input type="hidden" name="geo-location" value={values.geoLocation} /> : null}
      <BusyButton action={action} pending="Finding the way…" className="button">
        Get directions
      </BusyButton>
    </Form>
  );
}

export function DirectionsTotals({ directions }: { directions: DirectionsResponse }) {
  return (
    <p className="directions__totals">
      {formatMiles(directions.route.distance)} · about {formatDuration(directions.route.duration)} by car
    </p>
  );
}

/** The turn-by-turn steps with their icons and the miles to the next step. */
export function DirectionsSteps({ directions }: { directions: DirectionsResponse }) {
  const items = directions.route.legs.flatMap((leg) => leg.items);
  return (
    <ol className="directions__steps">
      {items.map((item, index) => (
        <li key={`${index}-${item.description}`} className="directions__step">
          <DirectionIcon icon={item.icon} />
          <span>{item.description}</span>
          <span className="directions__miles">{item.distance > 0 ? formatMiles(item.distance) : ""}</span>
        </li>
      ))}
    </ol>
  );
}

/** The route on the map: MapLibre and the search map's drawing code load only when this runs in the browser. */
export function DirectionsMap({ line, points, label }: { line: [number, number][]; points: { lat: number; lng: number; label: string }[]; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState("Loading the map…");
  const key = JSON.stringify([line.length, line[0], points]);
  // The latest line and points, read when the key (which stands for them) changes.
  const drawing = useRef({ line, points });
  drawing.current = { line, points };

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let remove: (() => void) | null = null;
    let live = true;
    import("../map/map-engine")
      .then((engine) => {
        if (!live) return;
        const { line: route, points: markers } = drawing.current;
        remove = engine.mountSearchMap(element, { points: [], route, circle: null, markers }, () => {
          element.dataset.ready = "true";
          setStatus("");
        });
      })
      .catch(() => setStatus("Sorry, the map could not load. The directions are listed below."));
    return () => {
      live = false;
      remove?.();
    };
  }, [key]);

  return (
    <div className="directions__map-wrap js-enhanced">
      <div ref={container} className="directions__map" role="region" aria-label={label} />
      <p className="search-map__status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}

/** "Directions": the directions page, or with JavaScript its form in a modal (the spec's /dog-walk/_{id}/directions variant). */
export function DirectionsLink({ listingId, listingUrl }: { listingId: number; listingUrl: string }) {
  return (
    <SettingsModalLink<{ listing: { fullTitle: string } }>
      href={`/dog-walk/_${listingId}/directions`}
      className="button button--quiet"
      label="Directions"
      title="Directions"
      render={(data) => (
        <>
          <p>To {data.listing.fullTitle}</p>
          <DirectionsForm action={`${listingUrl}/directions`} from="" geoLocation="" error={null} />
        </>
      )}
    />
  );
}

import { Form } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { DirectionsResponse } from "../../../geo/directions";
import { formatDuration, formatMiles } from "../../search/format";
import { SettingsModalLink } from "../forms/SettingsModalLink";
import { DirectionIcon } from "./DirectionIcon";

export const LOCATION_FAILURE = "We couldn't determine your location - please enter this manually";
const CURRENT_LOCATION = "Your current location";

/**
 * The directions form: a GET form (works without JavaScript) with a current-location button that
 * fills the field with 'Your current location' and the hidden geo-location with 'latitude,longitude'.
 */
export function DirectionsForm({ action, from, geoLocation, error }: { action: string; from: string; geoLocation: string; error: string | null }) {
  const [value, setValue] = useState(from);
  const [geo, setGeo] = useState(geoLocation);
  const [locating, setLocating] = useState(false);
  const [locationError, setLocationError] = useState<string | null>(null);
  const message = locationError ?? error;

  const locate = () => {
    if (locating) return;
    if (!("geolocation" in navigator) || !window.isSecureContext) {
      setLocationError(LOCATION_FAILURE);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setLocationError(null);
        setValue(CURRENT_LOCATION);
        setGeo(`${position.coords.latitude.toFixed(6)},${position.coords.longitude.toFixed(6)}`);
      },
      () => {
        setLocating(false);
        setLocationError(LOCATION_FAILURE);
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  };

  return (
    <Form method="get" action={action} className="directions__form">
      <div className={`field${message ? " field--invalid" : ""}`}>
        <label className="field__label" htmlFor="directions-from">
          Starting from
        </label>
        <input
          id="directions-from"
          name="from"
          className="field__input"
          value={value}
          maxLength={200}
          autoComplete="street-address"
          placeholder="A town, a postcode or 'latitude,longitude'"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? "directions-from-error" : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setGeo("");
          }}
        />
        <input type="hidden" name="geo-location" value={geo} />
        {message ? (
          <p id="directions-from-error" className="field__error">
            {message}
          </p>
        ) : null}
      </div>
      <button type="button" className="button button--quiet js-enhanced" onClick={locate} disabled={locating} aria-busy={locating || undefined}>
        {locating ? "Finding you…" : "Use my current location"}
      </button>
      <button type="submit" className="button">
        Get directions
      </button>
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

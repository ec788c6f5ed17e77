import { formatDuration, formatMiles } from "../../../kit/format";
import type { LinksFunction } from "@remix-run/node";
import { Form, useFetcher, type FetcherWithComponents } from "@remix-run/react";
import { useState } from "react";
import type { DirectionsOutcome } from "../../listings/directions.server";
import { PlaceField } from "../search/PlaceField";
import { usePlaceFields, type PlaceValues } from "../search/usePlaceFields";
import type { DirectionsResponse } from "../../../geo/directions";
import { shortPlace } from "../../search/view-model";
import { SettingsModalLink } from "../forms/SettingsModalLink";
import { DirectionIcon } from "./DirectionIcon";
import { DrawnRouteMap } from "../map/DrawnRouteMap";
import { BusyButton } from "../forms/BusyButton";
import formStyles from "../../styles/forms.css?url";
import listingStyles from "../../styles/listing.css?url";
import searchStyles from "../../styles/search.css?url";

/** The stylesheets of the directions pages (the page and its printable version). */
export const directionsLinks: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: searchStyles },
  { rel: "stylesheet", href: listingStyles },
];

/** The query string of a directions request (from, geo-location, from-id), for the links between its pages. */
export function directionsSearch(query: { from: string; geoLocation: string; fromId: string }): string {
  return new URLSearchParams({ from: query.from, ...(query.geoLocation ? { "geo-location": query.geoLocation } : {}), ...(query.fromId ? { "from-id": query.fromId } : {}) }).toString();
}


/**
 * The directions form: a GET form (works without JavaScript) with the search forms' place field:
 * suggestions whose chosen place travels as from-id, and the current-location option that fills the
 * field with 'Your current location' and the hidden geo-location with 'latitude,longitude'.
 */
interface DirectionsFormProps {
  action: string;
  from: string;
  geoLocation: string;
  fromId?: string;
  error: string | null;
  /** In the directions modal the form loads the route through this fetcher, to show it in the modal. */
  fetcher?: FetcherWithComponents<unknown>;
}

export function DirectionsForm({ action, from, geoLocation, fromId = "", error, fetcher }: DirectionsFormProps) {
  const [values, setValues] = useState<PlaceValues>({ from, to: "", location: "", geoLocation, fromId, toId: "", locationId: "" });
  const places = usePlaceFields(values, (changes) => setValues((current) => ({ ...current, ...changes })));
  const FormElement = fetcher ? fetcher.Form : Form;

  return (
    <FormElement method="get" action={action} className="directions__form">
      <PlaceField id="directions-from" {...places.field("from")} label="Starting from" placeholder="Town, city or postcode" error={error ?? undefined} currentLocation={places.control("from")} />
      {values.geoLocation ? <input type="hidden" name="geo-location" value={values.geoLocation} /> : null}
      <BusyButton action={action} fetcherState={fetcher?.state} pending="Finding the way…" className="button">
        Get directions
      </BusyButton>
    </FormElement>
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
export function DirectionsMap({ line, points, label, printable = false }: { line: [number, number][]; points: { lat: number; lng: number; label: string }[]; label: string; printable?: boolean }) {
  const key = JSON.stringify([line.length, line[0], points]);
  // Map labels name places briefly ("London", not "London, Greater London, United Kingdom").
  const draw = () => ({ points: [], route: line, circle: null, markers: points.map((point) => ({ ...point, label: shortPlace(point.label) })) });
  return <DrawnRouteMap draw={draw} drawKey={key} label={label} printable={printable} failure="Sorry, the map could not load. The directions are listed below." className="directions__map-wrap" canvasClassName="directions__map" />;
}

/** "Directions": the directions page, or with JavaScript its form in a modal (the spec's /dog-walk/_{id}/directions variant). */
export function DirectionsLink({ listingId, listingUrl }: { listingId: number; listingUrl: string }) {
  return (
    <SettingsModalLink<{ listing: { fullTitle: string } }>
      href={`/dog-walk/_${listingId}/directions`}
      className="button button--quiet"
      label="Directions"
      title="Directions"
      render={(data) => <ModalDirections title={data.listing.fullTitle} listingUrl={listingUrl} />}
    />
  );
}

/** The directions modal: the form, then the route it found (totals, map and steps) in the modal itself. */
function ModalDirections({ title, listingUrl }: { title: string; listingUrl: string }) {
  const fetcher = useFetcher<{ outcome: DirectionsOutcome; query: { from: string; geoLocation: string; fromId: string } }>();
  const outcome = fetcher.data?.outcome;
  const action = `${listingUrl}/directions`;
  const query = fetcher.data?.query;
  const search = query ? `?${directionsSearch(query)}` : "";
  return (
    <>
      <p>To {title}</p>
      <DirectionsForm action={action} from="" geoLocation="" error={outcome?.kind === "error" ? outcome.message : null} fetcher={fetcher as FetcherWithComponents<unknown>} />
      {outcome?.kind === "route" ? (
        <section className="directions__modal-route" aria-labelledby="modal-route-title">
          <h3 id="modal-route-title">Your route from {outcome.directions.points[0]?.label ?? query?.from}</h3>
          <DirectionsTotals directions={outcome.directions} />
          <DirectionsMap line={outcome.line} points={outcome.directions.points} label={`Map of the route to ${title}`} />
          <DirectionsSteps directions={outcome.directions} />
          <p className="directions__actions">
            <a href={`${action}${search}`} className="button button--quiet">
              Open these directions as a page
            </a>
            <a href={`${action}/print${search}`} className="button button--quiet">
              Printable directions
            </a>
          </p>
        </section>
      ) : null}
    </>
  );
}

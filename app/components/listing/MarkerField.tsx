import { useEffect, useRef, useState } from "react";
import { useField } from "remix-validated-form";
import { ADDRESS_NOT_FOUND, LISTING_COUNTRIES, markerGeocodeFailure } from "../../../core/listing-form";
import type { MarkerMap } from "./marker-map";

interface GeocodeHit {
  lat: number;
  lng: number;
  formattedAddress: string;
  address: { postal_town: string | null; administrative_area_level_2: string | null; postal_code: string | null; country: { id: number } };
}

function isHit(value: unknown): value is GeocodeHit {
  return typeof value === "object" && value !== null && "lat" in value && typeof value.lat === "number" && "lng" in value && typeof value.lng === "number" && "address" in value;
}

async function lookUp(location: string, country?: string): Promise<GeocodeHit | null> {
  const query = new URLSearchParams({ location, limit: "1", ...(country ? { country } : {}) });
  const response = await fetch(`/api/geocode?${query.toString()}`);
  if (!response.ok) return null;
  const body: unknown = await response.json();
  if (typeof body !== "object" || body === null || !("results" in body) || !Array.isArray(body.results)) return null;
  const [first]: unknown[] = body.results;
  return isHit(first) ? first : null;
}

function fieldOf(form: HTMLFormElement | null, name: string): HTMLInputElement | HTMLSelectElement | null {
  const element = form?.elements.namedItem(name);
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement ? element : null;
}

const round = (value: number) => String(Math.round(value * 1e6) / 1e6);

/**
 * Where the listing is: latitude and longitude fields (typed, or placed with the marker). With
 * JavaScript a map: click or drag the marker (the address fields fill from the nearest town), or find
 * the typed address on the map. Without, "Find the address on the map" posts the form to look it up.
 */
export function MarkerField({ noun }: { noun: string }) {
  const { error, validate, defaultValue } = useField("lat");
  const { defaultValue: lngDefault } = useField("lng");
  // The loader's values, or after a post without JavaScript the values the server put back.
  const defaultLat = typeof defaultValue === "string" ? defaultValue : "";
  const defaultLng = typeof lngDefault === "string" ? lngDefault : "";
  const [lat, setLat] = useState(defaultLat);
  const [lng, setLng] = useState(defaultLng);
  const [message, setMessage] = useState<string | null>(null);
  const [enhanced, setEnhanced] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<MarkerMap | null>(null);
  const latInput = useRef<HTMLInputElement>(null);
  const start = useRef(Number(defaultLat) && Number(defaultLng) ? { lat: Number(defaultLat), lng: Number(defaultLng) } : null);

  useEffect(() => setEnhanced(true), []);

  useEffect(() => {
    const element = container.current;
    if (!element || !enhanced) return;
    let live = true;
    const fillAddress = async (newLat: number, newLng: number) => {
      setLat(round(newLat));
      setLng(round(newLng));
      const hit = await lookUp(`${newLat.toFixed(6)},${newLng.toFixed(6)}`).catch(() => null);
      const form = latInput.current?.form ?? null;
      if (!hit) {
        setMessage(ADDRESS_NOT_FOUND);
        return;
      }
      setMessage(null);
      const fill = (name: string, value: string | null) => {
        const field = fieldOf(form, name);
        if (field && value && !field.value.trim()) field.value = value;
      };
      fill("town", hit.address.postal_town);
      fill("county", hit.address.administrative_area_level_2);
      fill("postcode", hit.address.postal_code);
      const country = fieldOf(form, "country");
      if (country && LISTING_COUNTRIES.some((option) => option.id === hit.address.country.id)) country.value = String(hit.address.country.id);
    };
    import("./marker-map")
      .then((module) => {
        if (!live) return;
        map.current = module.mountMarkerMap(element, start.current, (newLat, newLng) => void fillAddress(newLat, newLng), () => {
          element.dataset.ready = "true";
        });
      })
      .catch(() => setMessage("Sorry, the map could not load. Please enter the latitude and longitude."));
    return () => {
      live = false;
      map.current?.remove();
      map.current = null;
    };
  }, [enhanced]);

  useEffect(() => {
    if (error && lat && lng) validate();
  }, [lat, lng, error, validate]);

  // Typed coordinates move the marker as soon as both make a point on the map.
  const typed = (latText: string, lngText: string) => {
    const newLat = Number(latText.trim());
    const newLng = Number(lngText.trim());
    if (latText.trim() === "" || lngText.trim() === "" || !Number.isFinite(newLat) || !Number.isFinite(newLng)) return;
    if (Math.abs(newLat) > 90 || Math.abs(newLng) > 180 || (newLat === 0 && newLng === 0)) return;
    map.current?.setPosition(newLat, newLng);
  };
  const onLat = (value: string) => {
    setLat(value);
    typed(value, lng);
  };
  const onLng = (value: string) => {
    setLng(value);
    typed(lat, value);
  };

  const findAddress = async () => {
    const form = latInput.current?.form ?? null;
    const value = (name: string) => fieldOf(form, name)?.value.trim() ?? "";
    const country = LISTING_COUNTRIES.find((option) => String(option.id) === value("country"))?.slug;
    const candidates = [value("postcode"), [value("address"), value("town")].filter(Boolean).join(", "), value("town")].filter(Boolean);
    for (const candidate of candidates) {
      const hit = await lookUp(candidate, country).catch(() => null);
      if (hit) {
        setMessage(null);
        setLat(round(hit.lat));
        setLng(round(hit.lng));
        map.current?.setPosition(hit.lat, hit.lng);
        return;
      }
    }
    setMessage(markerGeocodeFailure(candidates.length ? "Please place the marker on the map yourself." : "Please enter the address first."));
  };

  const shown = message ?? error;
  return (
    <fieldset className="listing-form__section" aria-describedby={shown ? "listing-location-error" : undefined}>
      <legend>Where is this {noun}?</legend>
      <p className="field__hint">Click the map or drag the marker to the right spot, or type the address below and find it on the map.</p>
      {enhanced ? <div ref={container} className="listing-form__map" role="region" aria-label={`Map: place the marker where this ${noun} is`} /> : null}
      <div className="listing-form__coords">
        <div className={`field${error ? " field--invalid" : ""}`}>
          <label className="field__label" htmlFor="listing-lat">
            Latitude
          </label>
          <input ref={latInput} id="listing-lat" name="lat" className="field__input" inputMode="decimal" value={lat} onChange={(event) => onLat(event.target.value)} aria-invalid={error ? true : undefined} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="listing-lng">
            Longitude
          </label>
          <input id="listing-lng" name="lng" className="field__input" inputMode="decimal" value={lng} onChange={(event) => onLng(event.target.value)} />
        </div>
      </div>
      {shown ? (
        <p id="listing-location-error" className="field__error" role="alert">
          {shown}
        </p>
      ) : null}
      <p>
        <button
          type="submit"
          name="intent"
          value="locate"
          formNoValidate
          className="button button--quiet"
          onClick={(event) => {
            if (!enhanced) return;
            event.preventDefault();
            void findAddress();
          }}
        >
          Find the address on the map
        </button>
      </p>
    </fieldset>
  );
}

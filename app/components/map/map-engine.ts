// The map itself: MapLibre GL, loaded only through a dynamic import on map pages and in the map modal,
// so its megabyte never reaches any other page (STACK-NOTES gotcha 4).
import { LngLatBounds, Map as MapLibreMap, Popup, setWorkerUrl, type GeoJSONSourceSpecification, type MapLayerMouseEvent } from "maplibre-gl";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import "maplibre-gl/dist/maplibre-gl.css";
import { DEFAULT_MAP_CENTRE, DEFAULT_MAP_ZOOM } from "../../search/constants";
import { listingImage } from "../../search/format";
import type { MapData } from "../../search/view-model";
import { baseStyle, boundsOf, circleRing, FONT_STACK, paletteFromTokens } from "./map-style";

setWorkerUrl(workerUrl);

declare global {
  interface Window {
    /** The map on the page, for the end-to-end tests that count its rendered pins. */
    __pawrouteMap?: MapLibreMap;
  }
}

export const RESULT_PINS_LAYER = "result-pins";
export const ROUTE_LAYER = "route-line";

interface TooltipDetails {
  id: number;
  title: string;
  url: string;
  typeId: number;
  /** The first photo at the tooltip's size (version 2), if any. */
  photo: { url: string; width: number; height: number } | null;
}

/** Version 2 of the first gallery item of GET /api/locations/{id}'s answer. */
function tooltipPhoto(gallery: unknown): TooltipDetails["photo"] {
  if (!isRecord(gallery) || !Array.isArray(gallery.items)) return null;
  const [first]: unknown[] = gallery.items;
  const version = isRecord(first) && isRecord(first.versions) ? first.versions["2"] : null;
  if (!isRecord(version) || typeof version.url !== "string" || typeof version.width !== "number" || typeof version.height !== "number") return null;
  return { url: version.url, width: version.width, height: version.height };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

const details = new Map<number, Promise<TooltipDetails | null>>();
/** Spec §9: the depth of a location's details. */
const LOCATION_DEPTH = 10;

/** Spec §7: GET /api/locations/{id}, cached per id for the page's life. */
function tooltipDetails(id: number): Promise<TooltipDetails | null> {
  let pending = details.get(id);
  if (!pending) {
    pending = fetch(`/api/locations/${id}?depth=${LOCATION_DEPTH}`)
      .then((response) => (response.ok ? response.json() : null))
      .then((body: unknown) => {
        if (!isRecord(body) || typeof body.title !== "string" || typeof body.url !== "string" || !isRecord(body.type) || typeof body.type.id !== "number") return null;
        return { id, title: body.title, url: body.url, typeId: body.type.id, photo: tooltipPhoto(body.gallery) };
      })
      .catch(() => null);
    details.set(id, pending);
  }
  return pending;
}

function tooltipContent(info: TooltipDetails | null, fallbackUrl: string): HTMLElement {
  const box = document.createElement("div");
  box.className = "map-tooltip";
  if (!info) {
    const link = document.createElement("a");
    link.href = fallbackUrl;
    link.textContent = "See this place";
    box.append(link);
    return box;
  }
  const image = listingImage(info.photo, info.typeId, 2);
  const img = document.createElement("img");
  img.src = image.src;
  img.width = image.width;
  img.height = image.height;
  img.alt = "";
  img.className = "map-tooltip__image";
  const title = document.createElement("p");
  title.className = "map-tooltip__title";
  title.textContent = info.title;
  const link = document.createElement("a");
  link.href = info.url;
  link.className = "map-tooltip__link";
  link.textContent = "See details";
  link.setAttribute("aria-label", `See details of ${info.title}`);
  box.append(img, title, link);
  return box;
}

function geojson(data: GeoJSONSourceSpecification["data"]): GeoJSONSourceSpecification {
  return { type: "geojson", data };
}

/** Draws a search's results on a new map in `container`; returns a function that removes it. */
export function mountSearchMap(container: HTMLElement, data: MapData, onReady: () => void): () => void {
  const palette = paletteFromTokens(document.documentElement);
  const map = new MapLibreMap({
    container,
    style: baseStyle(window.location.origin, palette),
    center: [DEFAULT_MAP_CENTRE.lng, DEFAULT_MAP_CENTRE.lat],
    zoom: DEFAULT_MAP_ZOOM,
    attributionControl: { compact: true, customAttribution: "Natural Earth, GeoNames, Pawroute" },
    cooperativeGestures: false,
  });
  window.__pawrouteMap = map;

  const circle = data.circle ? circleRing(data.circle, data.circle.radiusMetres) : null;
  const everything: [number, number][] = [...(data.route ?? []), ...(circle ?? []), ...data.points.map((p): [number, number] => [p.lng, p.lat]), ...data.markers.map((m): [number, number] => [m.lng, m.lat])];
  const bounds = boundsOf(everything);
  if (bounds) map.fitBounds(new LngLatBounds([bounds[0], bounds[1]], [bounds[2], bounds[3]]), { padding: 40, maxZoom: 14, duration: 0 });

  map.on("load", () => {
    if (circle) {
      map.addSource("search-area", geojson({ type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [circle] } }));
      map.addLayer({ id: "search-area-fill", type: "fill", source: "search-area", paint: { "fill-color": palette.area, "fill-opacity": 0.15 } });
      map.addLayer({ id: "search-area-outline", type: "line", source: "search-area", paint: { "line-color": palette.area, "line-width": 2 } });
    }
    if (data.route) {
      map.addSource("route", geojson({ type: "Feature", properties: {}, geometry: { type: "LineString", coordinates: data.route } }));
      map.addLayer({ id: "route-casing", type: "line", source: "route", layout: { "line-cap": "round", "line-join": "round" }, paint: { "line-color": palette.halo, "line-width": 8 } });
      map.addLayer({ id: ROUTE_LAYER, type: "line", source: "route", layout: { "line-cap": "round", "line-join": "round" }, paint: { "line-color": palette.brand, "line-width": 4.5 } });
    }
    map.addSource(
      "results",
      geojson({
        type: "FeatureCollection",
        features: data.points.map((point) => ({ type: "Feature", id: point.id, properties: { id: point.id, url: point.url, premium: !point.isFree }, geometry: { type: "Point", coordinates: [point.lng, point.lat] } })),
      }),
    );
    map.addLayer({
      id: RESULT_PINS_LAYER,
      type: "circle",
      source: "results",
      paint: { "circle-radius": 6.5, "circle-color": ["case", ["get", "premium"], palette.premium, palette.brand], "circle-stroke-color": palette.halo, "circle-stroke-width": 2 },
    });
    map.addSource("markers", geojson({ type: "FeatureCollection", features: data.markers.map((m) => ({ type: "Feature", properties: { label: m.label }, geometry: { type: "Point", coordinates: [m.lng, m.lat] } })) }));
    map.addLayer({ id: "search-markers", type: "circle", source: "markers", paint: { "circle-radius": 8, "circle-color": palette.area, "circle-stroke-color": palette.label, "circle-stroke-width": 2 } });
    map.addLayer({
      id: "search-marker-labels",
      type: "symbol",
      source: "markers",
      layout: { "text-field": ["get", "label"], "text-font": FONT_STACK, "text-size": 12, "text-offset": [0, 1.2], "text-anchor": "top" },
      paint: { "text-color": palette.label, "text-halo-color": palette.halo, "text-halo-width": 1.5 },
    });
    map.once("idle", onReady);
  });

  map.on("click", RESULT_PINS_LAYER, (event: MapLayerMouseEvent) => {
    const feature = event.features?.[0];
    const id = Number(feature?.properties.id);
    const url = String(feature?.properties.url ?? "");
    if (!feature || !Number.isInteger(id) || feature.geometry.type !== "Point") return;
    const [lng, lat] = feature.geometry.coordinates;
    const popup = new Popup({ offset: 10, maxWidth: "260px" }).setLngLat([lng, lat]).setText("Loading…").addTo(map);
    void tooltipDetails(id).then((info) => popup.setDOMContent(tooltipContent(info, url)));
  });
  map.on("mouseenter", RESULT_PINS_LAYER, () => {
    map.getCanvas().style.cursor = "pointer";
  });
  map.on("mouseleave", RESULT_PINS_LAYER, () => {
    map.getCanvas().style.cursor = "";
  });
  map.on("error", (event) => console.warn("Map:", event.error?.message));

  return () => {
    if (window.__pawrouteMap === map) window.__pawrouteMap = undefined;
    map.remove();
  };
}

// The map itself: MapLibre GL, loaded only through a dynamic import on map pages and in the map modal,
// so its megabyte never reaches any other page (STACK-NOTES gotcha 4).
import { LngLatBounds, Map as MapLibreMap, NavigationControl, Popup, setWorkerUrl, type ExpressionSpecification, type GeoJSONSource, type MapOptions, type GeoJSONSourceSpecification, type MapLayerMouseEvent } from "maplibre-gl";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import "maplibre-gl/dist/maplibre-gl.css";
import { DEFAULT_MAP_CENTRE, DEFAULT_MAP_ZOOM } from "../../search/constants";
import { listingImage } from "../../search/format";
import type { MapData } from "../../search/view-model";
import { keyboardPlaces } from "./map-keyboard";
import { baseStyle, boundsOf, circleRing, FONT_STACK, paletteFromTokens } from "./map-style";
import { PIN_TOKENS, pinTheme, ROUTE_TOKEN } from "./pin-types";

setWorkerUrl(workerUrl);

declare global {
  interface Window {
    /** The map on the page, for the end-to-end tests that count its rendered pins. */
    __pawrouteMap?: MapLibreMap;
  }
}

export const RESULT_PINS_LAYER = "result-pins";
export const ROUTE_LAYER = "route-line";
export const CLUSTER_LAYER = "result-clusters";
export const CLUSTER_COUNT_LAYER = "result-cluster-counts";
export const HIGHLIGHT_LAYER = "result-highlight";

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

function areaFeature(circle: NonNullable<MapData["circle"]>): GeoJSON.Feature {
  return { type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [circleRing(circle, circle.radiusMetres)] } };
}

function routeFeature(route: [number, number][]): GeoJSON.Feature {
  return { type: "Feature", properties: {}, geometry: { type: "LineString", coordinates: route } };
}

function pinFeatures(points: MapData["points"]): GeoJSON.FeatureCollection {
  return {
    type: "FeatureCollection",
    features: points.map((point) => ({
      type: "Feature",
      id: point.id,
      properties: { id: point.id, url: point.url, title: point.title, premium: point.premium, theme: pinTheme(point.url) },
      geometry: { type: "Point", coordinates: [point.lng, point.lat] },
    })),
  };
}

function markerFeatures(markers: MapData["markers"]): GeoJSON.FeatureCollection {
  return { type: "FeatureCollection", features: markers.map((m) => ({ type: "Feature", properties: { label: m.label }, geometry: { type: "Point", coordinates: [m.lng, m.lat] } })) };
}

export interface HighlightedPoint {
  id: number;
  lat: number;
  lng: number;
  url: string;
}

export interface SearchMapHandle {
  /** Rings one result's pin (shown even inside a cluster) and opens its tooltip; null clears it. */
  highlight: (point: HighlightedPoint | null) => void;
  /**
   * Draws new data on the same map (no new map, no flash): the sources' data replaced, the view framed
   * again only if the drawing's box changed, `onDrawn` once it is drawn. False, and nothing changed, if the
   * new data needs other layers (a route, a circle or pins where there were none, or the reverse).
   */
  update: (data: MapData, onDrawn: () => void) => boolean;
  remove: () => void;
}

export interface SearchMapOptions {
  /** Called with a pin's listing id when the visitor opens its tooltip on the map. */
  onSelect?: (id: number) => void;
  /** Room kept clear of the route or results when the map frames them (labels, attribution). */
  padding?: { top: number; bottom: number; left: number; right: number };
  /** Keep the drawn map in the canvas so the browser can print it (the printable directions). */
  printable?: boolean;
}

/** The bottom keeps the end markers' labels above the attribution line. */
const DEFAULT_PADDING = { top: 48, bottom: 80, left: 56, right: 56 };
/** Dense results gather into numbered circles up to this zoom (decision 0131). */
const CLUSTER_MAX_ZOOM = 13;
const CLUSTER_RADIUS = 44;
const MINI_MAP_ZOOM = 11;

function reducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function tokenColour(style: CSSStyleDeclaration, token: string): string {
  return style.getPropertyValue(token).trim();
}

/** A new map on the site's own tiles and style, the page's map for the tests; its palette and tokens for the layers. */
function createMap(container: HTMLElement, options: Omit<MapOptions, "container" | "style">) {
  const palette = paletteFromTokens(document.documentElement);
  const tokens = getComputedStyle(document.documentElement);
  const map = new MapLibreMap({
    container,
    style: baseStyle(window.location.origin, palette),
    attributionControl: { compact: true, customAttribution: "Natural Earth, GeoNames, Pawroute" },
    ...options,
  });
  window.__pawrouteMap = map;
  map.on("error", (event) => console.warn("Map:", event.error?.message));
  const remove = () => {
    if (window.__pawrouteMap === map) window.__pawrouteMap = undefined;
    map.remove();
  };
  return { map, palette, tokens, remove };
}

/** Draws a search's results on a new map in `container`. */
export function mountSearchMap(container: HTMLElement, data: MapData, onReady: () => void, options: SearchMapOptions = {}): SearchMapHandle {
  const { map, palette, tokens, remove } = createMap(container, {
    center: [DEFAULT_MAP_CENTRE.lng, DEFAULT_MAP_CENTRE.lat],
    zoom: DEFAULT_MAP_ZOOM,
    cooperativeGestures: false,
    ...(options.printable ? { canvasContextAttributes: { preserveDrawingBuffer: true } } : {}),
  });
  map.addControl(new NavigationControl({ showCompass: false }), "top-right");

  /** What is drawn now (update replaces it) and the box the view was last fitted to. */
  let drawn = data;
  const padding = options.padding ?? DEFAULT_PADDING;
  let framed: string | null = null;
  /** Frames everything drawn, unless it fits the box the view was already fitted to (the visitor's own pan and zoom are kept). */
  function frame() {
    const circle = drawn.circle ? circleRing(drawn.circle, drawn.circle.radiusMetres) : null;
    const everything: [number, number][] = [...(drawn.route ?? []), ...(circle ?? []), ...drawn.points.map((p): [number, number] => [p.lng, p.lat]), ...drawn.markers.map((m): [number, number] => [m.lng, m.lat])];
    const bounds = boundsOf(everything);
    const key = JSON.stringify(bounds);
    if (!bounds || key === framed) return;
    framed = key;
    map.fitBounds(new LngLatBounds([bounds[0], bounds[1]], [bounds[2], bounds[3]]), { padding, maxZoom: 14, duration: 0 });
  }
  frame();

  const themes = Object.entries(PIN_TOKENS).flatMap(([theme, token]) => [theme, tokenColour(tokens, token)]);
  const pinColour = ["match", ["get", "theme"], ...themes, palette.listing] as unknown as ExpressionSpecification;
  const routeColour = tokenColour(tokens, ROUTE_TOKEN);
  const ink = tokenColour(tokens, "--color-ink");

  let loaded = false;
  map.on("load", () => {
    loaded = true;
    const data = drawn;
    if (data.circle) {
      map.addSource("search-area", geojson(areaFeature(data.circle)));
      map.addLayer({ id: "search-area-fill", type: "fill", source: "search-area", paint: { "fill-color": palette.area, "fill-opacity": 0.15 } });
      map.addLayer({ id: "search-area-outline", type: "line", source: "search-area", paint: { "line-color": palette.area, "line-width": 2 } });
    }
    if (data.route) {
      map.addSource("route", geojson(routeFeature(data.route)));
      map.addLayer({ id: "route-casing", type: "line", source: "route", layout: { "line-cap": "round", "line-join": "round" }, paint: { "line-color": palette.halo, "line-width": 9 } });
      map.addLayer({ id: ROUTE_LAYER, type: "line", source: "route", layout: { "line-cap": "round", "line-join": "round" }, paint: { "line-color": routeColour, "line-width": 4.5 } });
    }
    map.addSource("results", {
      ...geojson(pinFeatures(data.points)),
      cluster: true,
      clusterMaxZoom: CLUSTER_MAX_ZOOM,
      clusterRadius: CLUSTER_RADIUS,
    });
    map.addLayer({
      id: CLUSTER_LAYER,
      type: "circle",
      source: "results",
      filter: ["has", "point_count"],
      paint: {
        "circle-color": palette.halo,
        "circle-stroke-color": ink,
        "circle-stroke-width": 2,
        "circle-radius": ["step", ["get", "point_count"], 14, 10, 17, 50, 21, 200, 25],
      },
    });
    map.addLayer({
      id: CLUSTER_COUNT_LAYER,
      type: "symbol",
      source: "results",
      filter: ["has", "point_count"],
      layout: { "text-field": ["get", "point_count_abbreviated"], "text-font": FONT_STACK, "text-size": 12, "text-allow-overlap": true },
      paint: { "text-color": ink },
    });
    map.addLayer({
      id: RESULT_PINS_LAYER,
      type: "circle",
      source: "results",
      filter: ["!", ["has", "point_count"]],
      paint: { "circle-radius": ["case", ["get", "premium"], 7.5, 6.5], "circle-color": pinColour, "circle-stroke-color": ink, "circle-stroke-width": 1.5 },
    });
    map.addSource("highlight", geojson({ type: "FeatureCollection", features: [] }));
    map.addLayer({
      id: HIGHLIGHT_LAYER,
      type: "circle",
      source: "highlight",
      paint: { "circle-radius": 11, "circle-color": pinColour, "circle-stroke-color": ink, "circle-stroke-width": 3 },
    });
    map.addSource("markers", geojson(markerFeatures(data.markers)));
    map.addLayer({ id: "search-markers", type: "circle", source: "markers", paint: { "circle-radius": 8, "circle-color": palette.area, "circle-stroke-color": palette.label, "circle-stroke-width": 2 } });
    map.addLayer({
      id: "search-marker-labels",
      type: "symbol",
      source: "markers",
      layout: {
        "text-field": ["get", "label"],
        "text-font": FONT_STACK,
        "text-size": 12,
        // Labels sit beside their marker where there is room, so they stay inside the framed area.
        "text-variable-anchor": ["bottom", "left", "right", "top"],
        "text-radial-offset": 1.1,
        "text-max-width": 12,
      },
      paint: { "text-color": palette.label, "text-halo-color": palette.halo, "text-halo-width": 1.5 },
    });
    map.once("idle", onReady);
  });

  let popup: Popup | null = null;
  /** Opens a pin's tooltip; resolves to its link once the details are in (null if another opened since). */
  function openTooltip(id: number, lng: number, lat: number, url: string): Promise<HTMLElement | null> {
    popup?.remove();
    const opened = new Popup({ offset: 12, maxWidth: "260px", focusAfterOpen: false, closeOnClick: true }).setLngLat([lng, lat]).setText("Loading…").addTo(map);
    popup = opened;
    return tooltipDetails(id).then((info) => {
      if (popup !== opened) return null;
      const content = tooltipContent(info, url);
      opened.setDOMContent(content);
      return content.querySelector("a");
    });
  }

  map.on("click", RESULT_PINS_LAYER, (event: MapLayerMouseEvent) => {
    const feature = event.features?.[0];
    const id = Number(feature?.properties.id);
    const url = String(feature?.properties.url ?? "");
    if (!feature || !Number.isInteger(id) || feature.geometry.type !== "Point") return;
    const [lng, lat] = feature.geometry.coordinates;
    void openTooltip(id, lng, lat, url);
    options.onSelect?.(id);
  });
  map.on("click", CLUSTER_LAYER, (event: MapLayerMouseEvent) => {
    const feature = event.features?.[0];
    const clusterId = Number(feature?.properties.cluster_id);
    const source = map.getSource<GeoJSONSource>("results");
    if (!feature || !source || feature.geometry.type !== "Point") return;
    const centre = feature.geometry.coordinates as [number, number];
    void source.getClusterExpansionZoom(clusterId).then((zoom) => map.easeTo({ center: centre, zoom, duration: reducedMotion() ? 0 : 400 }));
  });
  for (const layer of [RESULT_PINS_LAYER, CLUSTER_LAYER]) {
    map.on("mouseenter", layer, () => {
      map.getCanvas().style.cursor = "pointer";
    });
    map.on("mouseleave", layer, () => {
      map.getCanvas().style.cursor = "";
    });
  }
  const places = data.points.length > 0 ? keyboardPlaces(map, { source: "results", layers: { clusters: CLUSTER_LAYER, pins: RESULT_PINS_LAYER }, openTooltip, onSelect: options.onSelect, reducedMotion }) : null;

  function highlight(point: HighlightedPoint | null) {
    const source = map.getSource<GeoJSONSource>("highlight");
    const features = point ? [{ type: "Feature" as const, properties: { id: point.id, theme: pinTheme(point.url) }, geometry: { type: "Point" as const, coordinates: [point.lng, point.lat] } }] : [];
    source?.setData({ type: "FeatureCollection", features });
    if (!point) {
      popup?.remove();
      popup = null;
      return;
    }
    // A result outside the view is brought into it; one already shown leaves the view still.
    if (!map.getBounds().contains([point.lng, point.lat])) map.easeTo({ center: [point.lng, point.lat], duration: reducedMotion() ? 0 : 300 });
    void openTooltip(point.id, point.lng, point.lat, point.url);
  }

  function update(next: MapData, onDrawn: () => void): boolean {
    const sameLayers = Boolean(next.route) === Boolean(drawn.route) && Boolean(next.circle) === Boolean(drawn.circle) && next.points.length > 0 === drawn.points.length > 0;
    if (!sameLayers) return false;
    drawn = next;
    highlight(null);
    frame();
    // Before the map's first load, its load handler draws the new data and reports ready.
    if (!loaded) return true;
    if (next.circle) map.getSource<GeoJSONSource>("search-area")?.setData(areaFeature(next.circle));
    if (next.route) map.getSource<GeoJSONSource>("route")?.setData(routeFeature(next.route));
    map.getSource<GeoJSONSource>("results")?.setData(pinFeatures(next.points));
    map.getSource<GeoJSONSource>("markers")?.setData(markerFeatures(next.markers));
    map.once("idle", onDrawn);
    return true;
  }

  return {
    highlight,
    update,
    remove: () => {
      popup?.remove();
      places?.remove();
      remove();
    },
  };
}

/**
 * The listing page's small map (decision 0133): the listing's position as a pin in its type's
 * colour, at a town's zoom, not interactive (the links beside it open the full map and directions).
 */
export function mountMiniMap(container: HTMLElement, point: { lat: number; lng: number; url: string }, onReady: () => void): () => void {
  const { map, tokens, remove } = createMap(container, { center: [point.lng, point.lat], zoom: MINI_MAP_ZOOM, interactive: false });
  map.on("load", () => {
    map.addSource("listing", geojson({ type: "Feature", properties: {}, geometry: { type: "Point", coordinates: [point.lng, point.lat] } }));
    map.addLayer({
      id: "listing-pin",
      type: "circle",
      source: "listing",
      paint: { "circle-radius": 9, "circle-color": tokenColour(tokens, PIN_TOKENS[pinTheme(point.url)] ?? PIN_TOKENS.other), "circle-stroke-color": tokenColour(tokens, "--color-ink"), "circle-stroke-width": 2.5 },
    });
    // The credits fold behind their (i) button: the small map is too small to carry them open.
    const credits = container.querySelector(".maplibregl-ctrl-attrib");
    credits?.classList.remove("maplibregl-compact-show");
    credits?.removeAttribute("open");
    map.once("idle", onReady);
  });
  return remove;
}

// The back office's road map: the road's line and junctions over the self-hosted base map, and a
// click that hands its position to the page (to draw a line point by point or place a junction).
// Loaded only through a dynamic import from RoadMap.tsx, like map-engine.ts.
import { LngLatBounds, Map as MapLibreMap, setWorkerUrl, type GeoJSONSource, type MapMouseEvent } from "maplibre-gl";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import "maplibre-gl/dist/maplibre-gl.css";
import { DEFAULT_MAP_CENTRE, DEFAULT_MAP_ZOOM } from "../../search/constants";
import { baseStyle, boundsOf, FONT_STACK, paletteFromTokens } from "./map-style";

setWorkerUrl(workerUrl);

export interface RoadMapData {
  /** [lng, lat] points of the road's line. */
  line: [number, number][];
  junctions: { number: string; lat: number; lng: number }[];
  /** The point being placed (a junction's new position), drawn apart. */
  pending: { lat: number; lng: number } | null;
  /** Where the map opens when there is no line yet (the road's country). */
  centre?: { lat: number; lng: number; zoom: number };
}

export interface RoadMapHandle {
  update: (data: RoadMapData) => void;
  remove: () => void;
}

function collections(data: RoadMapData) {
  return {
    line: { type: "FeatureCollection" as const, features: data.line.length >= 2 ? [{ type: "Feature" as const, properties: {}, geometry: { type: "LineString" as const, coordinates: data.line } }] : [] },
    vertices: { type: "FeatureCollection" as const, features: data.line.map((point) => ({ type: "Feature" as const, properties: {}, geometry: { type: "Point" as const, coordinates: point } })) },
    junctions: {
      type: "FeatureCollection" as const,
      features: [
        ...data.junctions.map((j) => ({ type: "Feature" as const, properties: { label: `J${j.number}`, pending: false }, geometry: { type: "Point" as const, coordinates: [j.lng, j.lat] } })),
        ...(data.pending ? [{ type: "Feature" as const, properties: { label: "New position", pending: true }, geometry: { type: "Point" as const, coordinates: [data.pending.lng, data.pending.lat] } }] : []),
      ],
    },
  };
}

/** Mounts the map in `container`; `onPick` receives each click's position (rounded to 6 decimals, about 10 cm). */
export function mountRoadMap(container: HTMLElement, initial: RoadMapData, onPick: (lat: number, lng: number) => void, onReady: () => void): RoadMapHandle {
  const palette = paletteFromTokens(document.documentElement);
  const map = new MapLibreMap({
    container,
    style: baseStyle(window.location.origin, palette),
    center: initial.centre ? [initial.centre.lng, initial.centre.lat] : [DEFAULT_MAP_CENTRE.lng, DEFAULT_MAP_CENTRE.lat],
    zoom: initial.centre?.zoom ?? DEFAULT_MAP_ZOOM,
    attributionControl: { compact: true, customAttribution: "Natural Earth, GeoNames, Pawroute" },
  });
  window.__pawrouteMap = map;
  let latest = initial;
  const bounds = boundsOf([...initial.line, ...initial.junctions.map((j): [number, number] => [j.lng, j.lat])]);
  if (bounds) map.fitBounds(new LngLatBounds([bounds[0], bounds[1]], [bounds[2], bounds[3]]), { padding: 40, maxZoom: 13, duration: 0 });

  map.on("load", () => {
    const data = collections(latest);
    map.addSource("edit-line", { type: "geojson", data: data.line });
    map.addSource("edit-vertices", { type: "geojson", data: data.vertices });
    map.addSource("edit-junctions", { type: "geojson", data: data.junctions });
    map.addLayer({ id: "edit-line-casing", type: "line", source: "edit-line", layout: { "line-cap": "round", "line-join": "round" }, paint: { "line-color": palette.halo, "line-width": 8 } });
    map.addLayer({ id: "edit-line", type: "line", source: "edit-line", layout: { "line-cap": "round", "line-join": "round" }, paint: { "line-color": palette.brand, "line-width": 4 } });
    map.addLayer({ id: "edit-vertices", type: "circle", source: "edit-vertices", paint: { "circle-radius": 3, "circle-color": palette.brand, "circle-stroke-color": palette.halo, "circle-stroke-width": 1 } });
    map.addLayer({
      id: "edit-junctions",
      type: "circle",
      source: "edit-junctions",
      paint: { "circle-radius": 7, "circle-color": ["case", ["get", "pending"], palette.premium, palette.halo], "circle-stroke-color": palette.label, "circle-stroke-width": 2 },
    });
    map.addLayer({
      id: "edit-junction-labels",
      type: "symbol",
      source: "edit-junctions",
      layout: { "text-field": ["get", "label"], "text-font": FONT_STACK, "text-size": 12, "text-offset": [0, 1.2], "text-anchor": "top" },
      paint: { "text-color": palette.label, "text-halo-color": palette.halo, "text-halo-width": 1.5 },
    });
    map.getCanvas().style.cursor = "crosshair";
    map.once("idle", onReady);
  });
  map.on("click", (event: MapMouseEvent) => {
    const round = (value: number) => Math.round(value * 1e6) / 1e6;
    onPick(round(event.lngLat.lat), round(event.lngLat.lng));
  });
  map.on("error", (event) => console.warn("Map:", event.error?.message));

  return {
    update(data) {
      latest = data;
      if (!map.isStyleLoaded()) return;
      const next = collections(data);
      map.getSource<GeoJSONSource>("edit-line")?.setData(next.line);
      map.getSource<GeoJSONSource>("edit-vertices")?.setData(next.vertices);
      map.getSource<GeoJSONSource>("edit-junctions")?.setData(next.junctions);
    },
    remove() {
      if (window.__pawrouteMap === map) window.__pawrouteMap = undefined;
      map.remove();
    },
  };
}

// The listing form's map: MapLibre with one draggable marker. Loaded through a dynamic import only,
// so MapLibre's megabyte stays out of every other bundle (STACK-NOTES gotcha 4).
import { Map as MapLibreMap, Marker, setWorkerUrl } from "maplibre-gl";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import "maplibre-gl/dist/maplibre-gl.css";
import { DEFAULT_MAP_CENTRE, DEFAULT_MAP_ZOOM } from "../../search/constants";
import { baseStyle, paletteFromTokens } from "../map/map-style";

setWorkerUrl(workerUrl);

export interface MarkerMap {
  setPosition: (lat: number, lng: number) => void;
  remove: () => void;
}

export function mountMarkerMap(container: HTMLElement, start: { lat: number; lng: number } | null, onMove: (lat: number, lng: number) => void, onReady: () => void): MarkerMap {
  const palette = paletteFromTokens(document.documentElement);
  const centre = start ?? DEFAULT_MAP_CENTRE;
  const map = new MapLibreMap({
    container,
    style: baseStyle(window.location.origin, palette),
    center: [centre.lng, centre.lat],
    zoom: start ? 13 : DEFAULT_MAP_ZOOM - 5,
    attributionControl: { compact: true, customAttribution: "Natural Earth, GeoNames, Pawroute" },
  });
  const marker = new Marker({ draggable: true, color: palette.brand });
  if (start) marker.setLngLat([start.lng, start.lat]).addTo(map);
  marker.on("dragend", () => {
    const { lat, lng } = marker.getLngLat();
    onMove(lat, lng);
  });
  map.on("click", (event) => {
    marker.setLngLat(event.lngLat).addTo(map);
    onMove(event.lngLat.lat, event.lngLat.lng);
  });
  map.once("idle", onReady);
  map.on("error", (event) => console.warn("Map:", event.error?.message));
  return {
    setPosition(lat, lng) {
      marker.setLngLat([lng, lat]).addTo(map);
      map.easeTo({ center: [lng, lat], zoom: Math.max(map.getZoom(), 13), duration: 0 });
    },
    remove: () => map.remove(),
  };
}

import type { ExpressionSpecification, StyleSpecification } from "maplibre-gl";

/** Colours of the map, read from the design tokens (tokens.css) when the map starts. */
export interface MapPalette {
  sea: string;
  land: string;
  coast: string;
  ukMotorway: string;
  france: string;
  label: string;
  halo: string;
  listing: string;
  brand: string;
  premium: string;
  area: string;
}

const TOKENS: Record<keyof MapPalette, string> = {
  sea: "--color-link-soft",
  land: "--color-paper",
  coast: "--color-line-strong",
  ukMotorway: "--road-uk-motorway",
  france: "--road-fr",
  label: "--color-ink-soft",
  halo: "--color-surface",
  listing: "--color-muted",
  brand: "--color-brand",
  premium: "--color-clay",
  area: "--color-accent",
};

export function paletteFromTokens(element: Element): MapPalette {
  const style = getComputedStyle(element);
  const read = (key: keyof MapPalette) => style.getPropertyValue(TOKENS[key]).trim();
  return {
    sea: read("sea"),
    land: read("land"),
    coast: read("coast"),
    ukMotorway: read("ukMotorway"),
    france: read("france"),
    label: read("label"),
    halo: read("halo"),
    listing: read("listing"),
    brand: read("brand"),
    premium: read("premium"),
    area: read("area"),
  };
}

/** The vector tile layers the app serves from PostGIS (geo/tiles), each its own source. */
const TILE_LAYERS = ["land", "water", "major-roads", "roads", "junctions", "places", "listings"] as const;
const MAX_TILE_ZOOM = 16;
export const FONT_STACK = ["Noto Sans Regular"];

function byZoom(stops: [number, number][]): ExpressionSpecification {
  return ["interpolate", ["linear"], ["zoom"], ...stops.flat()];
}

/**
 * The self-hosted base map: land and coastline, roads, junctions, towns and the other listings, all
 * from this app's tiles, labels in glyphs served from /map/fonts. Nothing is fetched from elsewhere.
 */
export function baseStyle(origin: string, palette: MapPalette): StyleSpecification {
  const sources: StyleSpecification["sources"] = {};
  for (const layer of TILE_LAYERS) {
    sources[layer] = { type: "vector", tiles: [`${origin}/tiles/${layer}/{z}/{x}/{y}.mvt`], minzoom: 0, maxzoom: MAX_TILE_ZOOM };
  }
  const halo = { "text-color": palette.label, "text-halo-color": palette.halo, "text-halo-width": 1.5 };
  return {
    version: 8,
    glyphs: `${origin}/map/fonts/{fontstack}/{range}.pbf`,
    sources,
    layers: [
      { id: "sea", type: "background", paint: { "background-color": palette.sea } },
      { id: "land", type: "fill", source: "land", "source-layer": "land", paint: { "fill-color": palette.land } },
      { id: "coast", type: "line", source: "land", "source-layer": "land", paint: { "line-color": palette.coast, "line-width": 1 } },
      // Water and major roads come from an imported OpenStreetMap extract (npm run import); the demo has none.
      { id: "water", type: "fill", source: "water", "source-layer": "water", paint: { "fill-color": palette.sea } },
      {
        id: "major-roads",
        type: "line",
        source: "major-roads",
        "source-layer": "major-roads",
        layout: { "line-cap": "round", "line-join": "round" },
        paint: { "line-color": palette.coast, "line-width": byZoom([[6, 0.5], [10, 1.2], [14, 3]]), "line-opacity": 0.7 },
      },
      {
        id: "roads",
        type: "line",
        source: "roads",
        "source-layer": "roads",
        layout: { "line-cap": "round", "line-join": "round" },
        paint: { "line-color": ["match", ["get", "country"], "france", palette.france, palette.ukMotorway], "line-width": byZoom([[5, 1], [9, 2.5], [14, 6]]), "line-opacity": 0.8 },
      },
      {
        id: "road-labels",
        type: "symbol",
        source: "roads",
        "source-layer": "roads",
        minzoom: 8,
        layout: { "symbol-placement": "line", "text-field": ["get", "name"], "text-font": FONT_STACK, "text-size": 11, "symbol-spacing": 400 },
        paint: halo,
      },
      { id: "listings", type: "circle", source: "listings", "source-layer": "listings", minzoom: 9, paint: { "circle-radius": 2.5, "circle-color": palette.listing, "circle-opacity": 0.35 } },
      { id: "junctions", type: "circle", source: "junctions", "source-layer": "junctions", minzoom: 8, paint: { "circle-radius": byZoom([[8, 2], [14, 5]]), "circle-color": palette.halo, "circle-stroke-color": palette.ukMotorway, "circle-stroke-width": 1.5 } },
      {
        id: "junction-labels",
        type: "symbol",
        source: "junctions",
        "source-layer": "junctions",
        minzoom: 11,
        layout: { "text-field": ["concat", "J", ["get", "number"]], "text-font": FONT_STACK, "text-size": 11, "text-offset": [0, 1.1], "text-anchor": "top" },
        paint: halo,
      },
      {
        id: "places",
        type: "symbol",
        source: "places",
        "source-layer": "places",
        layout: { "text-field": ["get", "name"], "text-font": FONT_STACK, "text-size": ["match", ["get", "kind"], "city", 14, "town", 12, 11], "text-max-width": 8 },
        paint: halo,
      },
    ],
  };
}

/** Points of a circle of `radiusMetres` around a centre (spec §9: 1 mile = 1609.34 m), as a closed ring of [lng, lat]. */
export function circleRing(centre: { lat: number; lng: number }, radiusMetres: number, steps = 72): [number, number][] {
  const earth = 6_371_008.8;
  const angular = radiusMetres / earth;
  const lat = (centre.lat * Math.PI) / 180;
  const lng = (centre.lng * Math.PI) / 180;
  const ring: [number, number][] = [];
  for (let i = 0; i <= steps; i++) {
    const bearing = (2 * Math.PI * i) / steps;
    const lat2 = Math.asin(Math.sin(lat) * Math.cos(angular) + Math.cos(lat) * Math.sin(angular) * Math.cos(bearing));
    const lng2 = lng + Math.atan2(Math.sin(bearing) * Math.sin(angular) * Math.cos(lat), Math.cos(angular) - Math.sin(lat) * Math.sin(lat2));
    ring.push([(lng2 * 180) / Math.PI, (lat2 * 180) / Math.PI]);
  }
  return ring;
}

/** [west, south, east, north] around every coordinate, or null when there are none. */
export function boundsOf(coordinates: [number, number][]): [number, number, number, number] | null {
  if (coordinates.length === 0) return null;
  let [west, south] = coordinates[0];
  let [east, north] = coordinates[0];
  for (const [lng, lat] of coordinates) {
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return [west, south, east, north];
}

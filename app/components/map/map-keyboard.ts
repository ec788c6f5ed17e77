// The keyboard's way onto the search map (decision 0137): the pins and numbered clusters drawn in view,
// mirrored as buttons over the canvas in one roving-focus group (one Tab stop; arrows, Home and End
// move; Enter opens). Enter on a cluster zooms in to it and moves focus to the first place that came
// out of it, so every pin, clustered or not, is reachable on the map itself, not only through the list.
import type { GeoJSONSource, Map as MapLibreMap } from "maplibre-gl";

export interface KeyboardPlacesOptions {
  source: string;
  layers: { clusters: string; pins: string };
  /** Opens a pin's tooltip; resolves to its link once loaded. */
  openTooltip: (id: number, lng: number, lat: number, url: string) => Promise<HTMLElement | null>;
  onSelect?: (id: number) => void;
  reducedMotion: () => boolean;
}

interface Place {
  key: string;
  x: number;
  y: number;
  lng: number;
  lat: number;
  label: string;
  cluster: number | null;
  id: number;
  url: string;
}

const KEYS_NEXT = new Set(["ArrowDown", "ArrowRight"]);
const KEYS_PREVIOUS = new Set(["ArrowUp", "ArrowLeft"]);

function keyOf(properties: Record<string, unknown>): string {
  return properties.cluster_id !== undefined ? `c${String(properties.cluster_id)}` : `p${String(properties.id)}`;
}

export function keyboardPlaces(map: MapLibreMap, options: KeyboardPlacesOptions): { remove: () => void } {
  const group = document.createElement("div");
  group.className = "map-places";
  group.setAttribute("role", "group");
  group.setAttribute("aria-label", "Places on the map: arrow keys move between them, Enter opens one");
  map.getCanvasContainer().after(group);
  let places: Place[] = [];
  let current: string | null = null;
  /** After a cluster was opened: its children's keys, the first of which takes focus once drawn. */
  let wanted: Set<string> | null = null;
  let signature = "";

  function read(): Place[] {
    const { clientWidth: width, clientHeight: height } = map.getContainer();
    const found = new Map<string, Place>();
    for (const feature of map.queryRenderedFeatures({ layers: [options.layers.clusters, options.layers.pins] })) {
      if (feature.geometry.type !== "Point") continue;
      const properties = feature.properties as Record<string, unknown>;
      const key = keyOf(properties);
      if (found.has(key)) continue;
      const [lng, lat] = feature.geometry.coordinates;
      const { x, y } = map.project([lng, lat]);
      if (x < 0 || y < 0 || x > width || y > height) continue;
      const cluster = properties.cluster_id === undefined ? null : Number(properties.cluster_id);
      const count = Number(properties.point_count ?? 0);
      const title = String(properties.title ?? "A place");
      found.set(key, { key, x, y, lng, lat, cluster, id: Number(properties.id ?? 0), url: String(properties.url ?? ""), label: cluster === null ? `${title}: show its details` : `${count} places close together: zoom to see them` });
    }
    // Reading order: top to bottom, then left to right.
    return [...found.values()].sort((a, b) => Math.round(a.y - b.y) || a.x - b.x);
  }

  function buttonOf(key: string | null): HTMLButtonElement | null {
    return key === null ? null : group.querySelector<HTMLButtonElement>(`[data-key="${key}"]`);
  }

  function setCurrent(key: string, focus: boolean) {
    buttonOf(current)?.setAttribute("tabindex", "-1");
    current = key;
    const button = buttonOf(key);
    button?.setAttribute("tabindex", "0");
    if (focus) button?.focus();
  }

  function render() {
    const next = read();
    const nextSignature = next.map((place) => `${place.key}@${Math.round(place.x)},${Math.round(place.y)}`).join(" ");
    if (nextSignature === signature && wanted === null) return;
    signature = nextSignature;
    const hadFocus = group.contains(document.activeElement);
    places = next;
    let focusKey = places.some((place) => place.key === current) ? current : (places[0]?.key ?? null);
    let moveFocus = hadFocus;
    if (wanted) {
      const child = places.find((place) => wanted?.has(place.key));
      if (child) {
        focusKey = child.key;
        moveFocus = true;
      }
      wanted = null;
    }
    group.replaceChildren(
      ...places.map((place) => {
        const button = document.createElement("button");
        button.type = "button";
        button.className = place.cluster === null ? "map-places__place" : "map-places__place map-places__place--cluster";
        button.dataset.key = place.key;
        button.tabIndex = place.key === focusKey ? 0 : -1;
        button.setAttribute("aria-label", place.label);
        button.style.left = `${place.x}px`;
        button.style.top = `${place.y}px`;
        return button;
      }),
    );
    current = focusKey;
    if (moveFocus) buttonOf(current)?.focus();
  }

  function open(place: Place) {
    if (place.cluster === null) {
      void options.openTooltip(place.id, place.lng, place.lat, place.url).then((link) => link?.focus());
      options.onSelect?.(place.id);
      return;
    }
    const source = map.getSource<GeoJSONSource>(options.source);
    if (!source) return;
    const clusterId = place.cluster;
    void Promise.all([source.getClusterChildren(clusterId), source.getClusterExpansionZoom(clusterId)]).then(([children, zoom]) => {
      wanted = new Set(children.map((child) => keyOf(child.properties as Record<string, unknown>)));
      map.easeTo({ center: [place.lng, place.lat], zoom, duration: options.reducedMotion() ? 0 : 400 });
    });
  }

  group.addEventListener("click", (event) => {
    const key = event.target instanceof HTMLElement ? event.target.dataset.key : undefined;
    const place = places.find((candidate) => candidate.key === key);
    if (!place) return;
    setCurrent(place.key, false);
    open(place);
  });
  group.addEventListener("keydown", (event) => {
    const here = places.findIndex((place) => place.key === current);
    let next = -1;
    if (KEYS_NEXT.has(event.key)) next = Math.min(places.length - 1, here + 1);
    else if (KEYS_PREVIOUS.has(event.key)) next = Math.max(0, here - 1);
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = places.length - 1;
    else return;
    event.preventDefault();
    event.stopPropagation();
    if (places[next]) setCurrent(places[next].key, true);
  });
  map.on("idle", render);
  return {
    remove: () => {
      map.off("idle", render);
      group.remove();
    },
  };
}

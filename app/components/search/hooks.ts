import { createContext, createElement, lazy, Suspense, useCallback, useContext, useEffect, useRef, useState } from "react";
import type { ComponentType, LazyExoticComponent, ReactNode } from "react";
import { placeRefOf } from "../../../geo/geocode/ref";
import type { GeocodeResult } from "../../../geo/geocode/types";
import { ownTask } from "../../../kit/own-task";
import { AUTOCOMPLETE_DELAY_MS, AUTOCOMPLETE_LIMIT, AUTOCOMPLETE_MIN_CHARS, GEOLOCATION_OPTIONS } from "../../search/constants";

/** Set by the first effect that runs in the browser: every render after that is not hydration. */
let pageHydrated = false;

/** True inside a part of the page whose code arrives after the page hydrated, and that hydrates then. */
const LateHydration = createContext(false);

/**
 * A part of the page that hydrates when its code arrives or its own task comes, after the rest (a lazy
 * component, decisions 0321 and 0351), in its own Suspense boundary with no fallback (Preact keeps the
 * server's element while it waits): its first render is a hydration too, so useHydrated starts false
 * there, and what the part gains once hydrated reaches the page.
 */
export function HydratesLate({ children }: { children: ReactNode }) {
  return createElement(Suspense, { fallback: null }, createElement(LateHydration.Provider, { value: true }, children));
}

/**
 * A component that is in the server's HTML but not in the page's first JavaScript (decision 0321): in the
 * browser its module loads as the page hydrates, and the part hydrates on its own once it arrives (render
 * it inside <HydratesLate>; it must render exactly one element, the one Preact keeps
 * while it waits). Until then it is the server's HTML: a GET form that works as without JavaScript.
 * The server loads the module as it starts and renders the part at once: a lazy component whose module
 * is there resolves synchronously (a thenable that calls back at once), so the server never streams a
 * fallback in its place, and a browser without JavaScript always gets the part.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React.lazy takes
export function lateComponent<T extends ComponentType<any>>(load: () => Promise<T>): LazyExoticComponent<T> {
  let loaded: T | undefined;
  // In the browser the load starts in a task of its own (decision 0351): Vite's preload links for the part's
  // chunks, added as it starts, were about a tenth of the hydration task on bench:vitals's phone.
  const loading = () => (import.meta.env.SSR ? load() : ownTask().then(load)).then((component) => (loaded = component));
  if (import.meta.env.SSR) void loading();
  return lazy(() => {
    const ready = loaded;
    if (!ready) return loading().then((component) => ({ default: component }));
    return atOnce(ready);
  });
}

/** A module for React.lazy given back at once: a thenable that calls back before it returns, so nothing suspends. */
function atOnce<T>(component: T): Promise<{ default: T }> {
  return { then: (resolve: (module: { default: T }) => void) => resolve({ default: component }) } as Promise<{ default: T }>;
}

/**
 * A part of the page that is in its first JavaScript but hydrates in a task of its own, after the page
 * (decision 0351): each part of a task over 50 ms is time a phone cannot answer a tap, and the page's one
 * hydration was the longest task on the results pages (the results list about half of it, the footer a
 * fifth). As with `lateComponent`, render it inside <HydratesLate>, and it must render
 * exactly one element: Preact keeps the server's element while it waits, and the element works as the
 * server's HTML does (links, GET forms) until then. Only the page's first render waits: rendered later (a
 * navigation in the page), the part renders at once, with no empty moment. The server renders it as it is.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React.lazy takes
export function hydratesOnItsOwn<T extends ComponentType<any>>(component: T): LazyExoticComponent<T> {
  return lazy(() => {
    if (import.meta.env.SSR || document.documentElement.dataset.hydrated === "true") return atOnce(component);
    return ownTask().then(() => ({ default: component }));
  });
}

/**
 * False in the server HTML and during hydration, true once the page runs in the browser. Not
 * useSyncExternalStore's server snapshot: Preact, which hydrates the production build
 * (build-tools/preact.ts), ignores it, and hydration does not patch attributes, so what
 * a field gains once hydrated (a combobox role) would never reach the page.
 */
export function useHydrated(): boolean {
  const late = useContext(LateHydration);
  const [hydrated, setHydrated] = useState(pageHydrated && !late);
  useEffect(() => {
    pageHydrated = true;
    setHydrated(true);
  }, []);
  return hydrated;
}

/**
 * Runs `takeUp` once, on the first render in the browser, for a form to take up what the visitor chose
 * before the page hydrated: app/entry.client.tsx holds those events back from React, so its state never
 * heard of them and the next render would put the old values back.
 */
export function useChoicesMadeBeforeHydration(takeUp: () => void): void {
  // Once: every later choice reaches the fields' own onChange.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(takeUp, []);
}

export type SuggestionGroup = "places" | "postcodes" | "roads" | "listings";

export interface Suggestion {
  /** The place reference the search takes ("p123", "l45"). */
  ref: string;
  label: string;
  kind: string;
  group: SuggestionGroup;
}

export const SUGGESTION_GROUPS: { group: SuggestionGroup; label: string }[] = [
  { group: "places", label: "Places" },
  { group: "postcodes", label: "Postcodes" },
  { group: "roads", label: "Roads and junctions" },
  { group: "listings", label: "Listings" },
];

function groupOf(kind: string): SuggestionGroup {
  if (kind === "road" || kind === "junction") return "roads";
  if (kind === "postcode") return "postcodes";
  return kind === "listing" ? "listings" : "places";
}

/** The geocoder's hits as suggestions: grouped in the order the list shows them, one per address. */
export function toSuggestions(results: GeocodeResult[]): Suggestion[] {
  const seen = new Set<string>();
  const suggestions: Suggestion[] = [];
  for (const result of results) {
    const key = result.formattedAddress.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    suggestions.push({ ref: placeRefOf(result), label: result.formattedAddress, kind: result.kind, group: groupOf(result.kind) });
  }
  const order = SUGGESTION_GROUPS.map((entry) => entry.group);
  return suggestions.sort((a, b) => order.indexOf(a.group) - order.indexOf(b.group));
}

function isGeocodeAnswer(value: unknown): value is { results: GeocodeResult[] } {
  return typeof value === "object" && value !== null && "results" in value && Array.isArray(value.results);
}

/**
 * Place suggestions from GET /api/geocode for what the visitor types: debounced, and each new
 * request aborts the one before, so an old answer never replaces a newer one. Suggestions are kept
 * with the text and country they answer and shown only while the field still says that: the moment
 * the text changes the list is empty, so a fast typist's Enter never picks the previous text's place.
 */
export function useGeocodeSuggestions(query: string, enabled: boolean, country: string): Suggestion[] {
  const [answer, setAnswer] = useState<{ text: string; country: string; suggestions: Suggestion[] }>({ text: "", country: "", suggestions: [] });
  const text = query.trim();
  const wanted = enabled && text.length >= AUTOCOMPLETE_MIN_CHARS;

  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      const params = new URLSearchParams({ location: text, limit: String(AUTOCOMPLETE_LIMIT) });
      if (country) params.set("country", country);
      try {
        const response = await fetch(`/api/geocode?${params}`, { signal: controller.signal });
        const body: unknown = response.ok ? await response.json() : null;
        const results = isGeocodeAnswer(body) ? body.results : [];
        setAnswer({ text, country, suggestions: toSuggestions(results) });
      } catch (error) {
        if (!controller.signal.aborted) console.warn("Place suggestions failed", error);
      }
    }, AUTOCOMPLETE_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [text, wanted, country]);

  return wanted && answer.text === text && answer.country === country ? answer.suggestions : [];
}

export type LocateStatus = "idle" | "locating" | "failed";

/** 'lat,lng' to 5 decimal places (about a metre). */
export function formatLatLng(position: { lat: number; lng: number }): string {
  return `${position.lat.toFixed(5)},${position.lng.toFixed(5)}`;
}

/** The browser's position (spec §9 options), or null on any failure: unsupported, not https, denied, unavailable, timeout. */
export function currentPosition(): Promise<{ lat: number; lng: number } | null> {
  if (typeof navigator === "undefined" || !("geolocation" in navigator) || !window.isSecureContext) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
      () => resolve(null),
      GEOLOCATION_OPTIONS,
    );
  });
}

/** Asks for the position once at a time: while one request runs, another is ignored (spec §4 loading state). */
export function useLocate(): { status: LocateStatus; locate: () => Promise<string | null>; reset: () => void } {
  const [status, setStatus] = useState<LocateStatus>("idle");
  const running = useRef(false);
  const locate = useCallback(async () => {
    if (running.current) return null;
    running.current = true;
    setStatus("locating");
    const position = await currentPosition();
    running.current = false;
    setStatus(position ? "idle" : "failed");
    return position ? formatLatLng(position) : null;
  }, []);
  const reset = useCallback(() => setStatus("idle"), []);
  return { status, locate, reset };
}

/** Whether the filters update live: wide screens only (spec §4), read when a filter changes. */
export function liveUpdatesWanted(minWidth: number): boolean {
  return typeof window !== "undefined" && window.matchMedia(`(min-width: ${minWidth}px)`).matches;
}

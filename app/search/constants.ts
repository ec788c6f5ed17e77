/** What the search forms put in a place field when the visitor uses their current position (spec §2). */
export const CURRENT_LOCATION_LABEL = "Your current location";
/** Spec §8: every geolocation failure shows this, inline on the field. */
export const GEOLOCATION_FAILED_MESSAGE = "We couldn't determine your location - please enter this manually";
/** The server's signal that a current-location search came without coordinates; the browser retries once. */
export const GEO_LOCATION_MISSING = "geo-location-missing";
/** Spec §8: the motorway form with no road chosen. */
export const SELECT_A_ROAD_MESSAGE = "Please select a road";
/** Spec §8: a search with nothing to show. */
export const NO_RESULTS_MESSAGE = "We can't find any results";

/** Spec §9: 10 s timeout, a cached position up to 5 minutes old, low accuracy. */
export const GEOLOCATION_OPTIONS = { timeout: 10_000, maximumAge: 5 * 60_000, enableHighAccuracy: false } as const;

/** Spec §2 and §9: the homepage remembers its tab for 365 days. */
export const HOMEPAGE_TAB_COOKIE = "homepage-tab";
export const HOMEPAGE_TAB_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Spec §9: filters update live from this width; below it an Apply button submits. */
export const LIVE_UPDATE_MIN_WIDTH = 960;
/** Spec §7: road counts are asked for this long after the last filter change. */
export const ROAD_COUNTS_DELAY_MS = 400;
export const AUTOCOMPLETE_DELAY_MS = 250;
export const AUTOCOMPLETE_MIN_CHARS = 2;
export const AUTOCOMPLETE_LIMIT = 6;

/** Spec §9: the default map view and the circle's mile. */
export const DEFAULT_MAP_CENTRE = { lat: 52.28, lng: -1.58 } as const;
export const DEFAULT_MAP_ZOOM = 12;
export const METRES_PER_MILE = 1609.34;

import { readCookie, serializeCookie } from "../../kit/cookies";
import { HOMEPAGE_TAB_COOKIE, HOMEPAGE_TAB_MAX_AGE_SECONDS } from "./constants";

export const HOME_TABS = ["route", "location", "road", "trip"] as const;
export type HomeTab = (typeof HOME_TABS)[number];

export function isHomeTab(value: string | null | undefined): value is HomeTab {
  return HOME_TABS.some((tab) => tab === value);
}

/** The cookie that remembers the chosen tab (spec §2), as the server and the browser both write it. */
export function homeTabCookie(tab: HomeTab, secure = false): string {
  return serializeCookie(HOMEPAGE_TAB_COOKIE, tab, { maxAgeSeconds: HOMEPAGE_TAB_MAX_AGE_SECONDS, secure });
}

/** The tab named in a Cookie header, if any. */
export function tabFromCookieHeader(header: string | null): HomeTab | null {
  const value = readCookie(header, HOMEPAGE_TAB_COOKIE);
  return isHomeTab(value) ? value : null;
}

/** What each homepage address preselects (spec §2): its listing type and country. */
export interface HomePreset {
  path: string;
  types: number[];
  /** Country slug, or "" for both. */
  country: string;
  eyebrow: string;
  title: string;
  lead: string;
}

const PRESETS: HomePreset[] = [
  {
    path: "/",
    types: [],
    country: "",
    eyebrow: "On the road with your dog",
    title: "Dog-friendly stops for every trip across the UK and France",
    lead: "Walks, dog-friendly pubs and cafés, beaches, places to stay and vets — near motorway junctions, around a place, or along your route.",
  },
  {
    path: "/pubs",
    types: [2],
    country: "united-kingdom",
    eyebrow: "Pubs and cafés that welcome dogs",
    title: "Dog-friendly pubs and cafés for your journey",
    lead: "Find a pub or café where your dog is welcome, near a motorway junction, around a town or along your route.",
  },
  {
    path: "/beaches",
    types: [3],
    country: "united-kingdom",
    eyebrow: "Sand, sea and happy dogs",
    title: "Dog-friendly beaches near you and on your way",
    lead: "Beaches where dogs may run, near the roads you drive, around a place or along your route.",
  },
  {
    path: "/vets-in-france",
    types: [5],
    country: "france",
    eyebrow: "Travelling with your dog in France",
    title: "Vets in France, near your route",
    lead: "Find a vet near the autoroute or around where you are staying — for the tapeworm treatment before coming home, or when something goes wrong.",
  },
  {
    path: "/walks-in-france",
    types: [1],
    country: "france",
    eyebrow: "Stretch your legs in France",
    title: "Dog walks in France, off the autoroute",
    lead: "Walks near autoroute exits, around the towns you visit and along your route through France.",
  },
];

export function homePreset(pathname: string): HomePreset {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return PRESETS.find((preset) => preset.path === path) ?? PRESETS[0];
}

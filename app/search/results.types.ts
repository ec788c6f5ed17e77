import type { DriveHour } from "../../geo/trip/hours";
import type { ResultsView, SearchState } from "./url";
import type { ResultsData } from "./view-model";

export interface SearchFailure {
  message: string;
  fieldErrors: Record<string, string>;
  code: string | null;
  /** A way out of a bad URL: the same search without what could not be read, or its last page. */
  fix: { href: string; label: string } | null;
}

export type SearchOutcome = { kind: "results"; results: ResultsData } | { kind: "error"; error: SearchFailure };

/** A place name typed without choosing a suggestion that names several places: the page asks which one. */
export interface PlaceChoice {
  field: "location" | "from" | "to";
  typed: string;
  options: { label: string; href: string; taken: boolean }[];
}

export interface ResultsPageData {
  view: ResultsView;
  /** The search as the form shows it (best effort when the URL was invalid). */
  state: SearchState;
  /** The canonical URLs of this search as a list and as a map. */
  listHref: string;
  mapHref: string;
  outcome: SearchOutcome;
  facilities: { id: number; name: string }[];
  viewer: ResultsViewer;
  /** "Did you mean…": the typed names that could be more than one place, each with its places. */
  choices: PlaceChoice[];
  /** A long route's first page: the listings nearest the route at each hour of the drive (decision 0245). */
  driveHours?: DriveHour[] | null;
}

/** Who is looking: a member's result cards offer the favourite toggle in its saved or unsaved state. */
export interface ResultsViewer {
  member: boolean;
  /** The member's favourite listings (any list), so cards shown by a live search know theirs too. */
  favouriteIds: number[];
}

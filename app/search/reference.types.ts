import type { RoadSummary } from "../../geo/search/types";

/** A road as the pickers show it (spec §3 road option): a search's road without its page's address. */
export type RoadOption = Omit<RoadSummary, "url">;

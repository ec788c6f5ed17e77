import { useMemo, type ReactNode, type RefObject } from "react";
import type { SearchState } from "../../search/url";
import { mapPins, type ResultCard } from "../../search/view-model";
import { SearchMap } from "./SearchMap";
import { useMapSync, type ListHandlers } from "./useMapSync";

export interface MapLayoutProps {
  state: SearchState;
  heading: string;
  cards: ResultCard[];
  /** The results list, kept in step with the pins (decision 0132). */
  list: RefObject<HTMLElement>;
  filters: ReactNode;
  /** The results section, given the handlers that keep the list and the map in step. */
  results: (handlers: ListHandlers) => ReactNode;
}

/**
 * The map pages' layout: the map first at every width (decision 0138), so the Tab order is the order on
 * screen: above the list on phones, on its left (kept in view) from 960 px, with the filters folded above
 * the list. Imported by the map route only, so the list pages do not load it (decision 0321).
 */
export function SearchMapLayout({ state, heading, cards, list, filters, results }: MapLayoutProps) {
  const pins = useMemo(() => mapPins(cards), [cards]);
  const sync = useMapSync(cards, list);
  return (
    <div className="map-layout">
      <div className="map-layout__map">
        <SearchMap state={state} points={pins} label={`Map of ${heading.charAt(0).toLowerCase()}${heading.slice(1)}`} highlighted={sync.highlighted} onSelect={sync.onPinSelected} />
      </div>
      <div className="map-layout__list">
        {filters}
        {results(sync.listHandlers)}
      </div>
    </div>
  );
}

import { useCallback, useEffect, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type RefObject } from "react";
import type { HighlightedPoint } from "./map-engine";

interface SyncedCard {
  id: number;
  lat: number;
  lng: number;
  url: string;
}

/** The result card (an element with data-result-id) an event happened in, if any. */
function cardIdOf(target: EventTarget | null): number | null {
  if (!(target instanceof Element)) return null;
  const card = target.closest("[data-result-id]");
  const id = Number(card?.getAttribute("data-result-id"));
  return card && Number.isInteger(id) ? id : null;
}

const TITLE_LINK = ".result-card__title a";

/** What the results list listens to, to keep the map in step. */
export interface ListHandlers {
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
  onMouseOver: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave: (event: MouseEvent<HTMLElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}
const ACTIVE_CLASS = "result-card--on-map";

/**
 * The map page's list and pins kept in step (decision 0132). Moving to a result in the list (focus
 * or pointer) rings its pin and opens its tooltip; the up and down arrow keys, Home and End move
 * between the results' title links, and Enter follows the focused link to the listing. Opening a
 * pin's tooltip on the map marks that result in the list and scrolls it into view.
 */
export function useMapSync(cards: SyncedCard[], list: RefObject<HTMLElement>) {
  const [highlighted, setHighlighted] = useState<HighlightedPoint | null>(null);
  const [fromMap, setFromMap] = useState<number | null>(null);

  const show = useCallback(
    (id: number | null) => {
      const card = id === null ? undefined : cards.find((c) => c.id === id);
      setHighlighted((current) => {
        if (!card) return null;
        if (current?.id === card.id) return current;
        return { id: card.id, lat: card.lat, lng: card.lng, url: card.url };
      });
    },
    [cards],
  );

  useEffect(() => {
    const element = list.current;
    if (!element) return;
    for (const card of element.querySelectorAll(`.${ACTIVE_CLASS}`)) card.classList.remove(ACTIVE_CLASS);
    if (fromMap === null) return;
    const card = element.querySelector(`[data-result-id="${fromMap}"]`);
    card?.classList.add(ACTIVE_CLASS);
    card?.scrollIntoView({ block: "nearest" });
  }, [fromMap, list, cards]);

  const listHandlers: ListHandlers = {
    onFocus: (event: FocusEvent<HTMLElement>) => show(cardIdOf(event.target)),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget)) show(null);
    },
    onMouseOver: (event: MouseEvent<HTMLElement>) => {
      const id = cardIdOf(event.target);
      if (id !== null) show(id);
    },
    onMouseLeave: (event: MouseEvent<HTMLElement>) => {
      // Keyboard focus inside the list keeps its result shown.
      const focused = event.currentTarget.contains(document.activeElement) ? cardIdOf(document.activeElement) : null;
      show(focused);
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (!["ArrowDown", "ArrowUp", "Home", "End"].includes(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
      const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>(TITLE_LINK)];
      if (links.length === 0 || cardIdOf(event.target) === null) return;
      const here = links.findIndex((link) => cardIdOf(link) === cardIdOf(event.target));
      const next = event.key === "Home" ? 0 : event.key === "End" ? links.length - 1 : Math.min(links.length - 1, Math.max(0, here + (event.key === "ArrowDown" ? 1 : -1)));
      event.preventDefault();
      links[next].focus();
    },
  };

  return { highlighted, listHandlers, onPinSelected: setFromMap };
}

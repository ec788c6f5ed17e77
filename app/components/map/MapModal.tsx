import { useEffect, useMemo, useRef } from "react";
import { CloseIcon } from "../icons";
import type { SearchState } from "../../search/url";
import { mapPins, type ResultCard } from "../../search/view-model";
import { SearchMap } from "./SearchMap";

interface MapModalProps {
  state: SearchState;
  title: string;
  cards: ResultCard[];
  onClose: () => void;
}

/**
 * The 'view map' modal of the results list: a native dialog (focus kept inside, Escape closes) holding
 * the map. Loaded when the visitor asks for the map (app/components/search/SearchPage.tsx).
 */
export function MapModal({ state, title, cards, onClose }: MapModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const points = useMemo(() => mapPins(cards), [cards]);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  return (
    <dialog ref={dialog} className="map-modal" aria-labelledby="map-modal-title" onClose={onClose}>
      <div className="map-modal__header">
        <h2 id="map-modal-title" className="map-modal__title">
          {title}
        </h2>
        <button type="button" className="map-modal__close" onClick={() => dialog.current?.close()} autoFocus>
          <CloseIcon size={20} />
          <span className="visually-hidden">Close the map</span>
        </button>
      </div>
      <SearchMap state={state} points={points} label={`Map of ${title.charAt(0).toLowerCase()}${title.slice(1)}`} />
    </dialog>
  );
}

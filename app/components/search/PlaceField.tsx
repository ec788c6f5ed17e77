import { useEffect, useRef, useState } from "react";
import type { KeyboardEvent } from "react";
import { GEOLOCATION_FAILED_MESSAGE } from "../../search/constants";
import { SUGGESTION_GROUPS, useGeocodeSuggestions, useHydrated, type LocateStatus } from "./hooks";

export interface CurrentLocationControl {
  active: boolean;
  status: LocateStatus;
  onToggle: () => void;
}

interface PlaceFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Country slug that suggestions are limited to; "" for both countries. */
  country?: string;
  placeholder?: string;
  /** The current-location option, on the fields that offer it. */
  currentLocation?: CurrentLocationControl;
  /** The chosen suggestion's place reference ("" when typed), sent as the hidden field `refName`. */
  placeRef?: string;
  refName?: string;
  /** A suggestion was chosen: its address and place reference. */
  onChoose?: (label: string, placeRef: string) => void;
}

/**
 * A place input with suggestions from the geocoder (an ARIA 1.2 combobox: arrow keys, Enter, Escape)
 * and, where offered, the current-location toggle. Without JavaScript it is a plain text input.
 */
export function PlaceField({ id, name, label, value, onChange, error, country = "", placeholder, currentLocation, placeRef = "", refName, onChoose }: PlaceFieldProps) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [chosen, setChosen] = useState<string | null>(null);
  const usingPosition = currentLocation?.active ?? false;
  const suggestions = useGeocodeSuggestions(value, hydrated && open && !usingPosition && value !== chosen, country);
  const expanded = open && suggestions.length > 0;
  const listId = `${id}-suggestions`;
  const failed = currentLocation?.status === "failed";
  const message = error ?? (failed ? GEOLOCATION_FAILED_MESSAGE : undefined);
  const describedBy = message ? `${id}-error` : undefined;

  const list = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const pressing = useRef(false);

  // Text typed while the page was still hydrating is in the input but never reached React (hydration
  // keeps the DOM's value): take it over once, or the form would submit (and check) an empty field.
  useEffect(() => {
    const typedEarly = input.current?.value ?? "";
    if (typedEarly !== value) onChange(typedEarly);
    // Once, on hydration: later changes come through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // While the list is open, note whether a pointer is pressed: a press elsewhere blurs the field, and
  // the list must not close (and the scroll it caused undo) before that press ends, or the button
  // being pressed moves from under the pointer and its click is lost (the directions modal's race).
  useEffect(() => {
    if (!expanded) return;
    const down = () => {
      pressing.current = true;
    };
    const up = () => {
      pressing.current = false;
    };
    document.addEventListener("pointerdown", down, true);
    document.addEventListener("pointerup", up, true);
    document.addEventListener("pointercancel", up, true);
    return () => {
      document.removeEventListener("pointerdown", down, true);
      document.removeEventListener("pointerup", up, true);
      document.removeEventListener("pointercancel", up, true);
      pressing.current = false;
    };
  }, [expanded]);

  function closeList() {
    setOpen(false);
    setActive(-1);
  }

  // The list stays in view: scrolled to when it opens below the fold, and the active option within it.
  useEffect(() => {
    if (!expanded || !list.current) return;
    const option = active >= 0 ? list.current.querySelector(`#${CSS.escape(`${listId}-${active}`)}`) : null;
    (option ?? list.current).scrollIntoView({ block: "nearest" });
  }, [expanded, active, listId]);

  function choose(index: number) {
    const suggestion = suggestions[index];
    if (!suggestion) return;
    setChosen(suggestion.label);
    if (onChoose) onChoose(suggestion.label, suggestion.ref);
    else onChange(suggestion.label);
    closeList();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (suggestions.length === 0) return;
      const count = suggestions.length;
      if (event.key === "ArrowDown") setActive((index) => (index + 1 >= count ? 0 : index + 1));
      else setActive((index) => (index <= 0 ? count - 1 : index - 1));
    } else if (event.key === "Enter" && expanded && active >= 0) {
      event.preventDefault();
      choose(active);
    } else if (event.key === "Escape" && open) {
      // Also before the suggestions have arrived: they must not open once the visitor has dismissed them.
      if (expanded) event.preventDefault();
      closeList();
    }
  }

  return (
    <div className={`field place-field${message ? " field--invalid" : ""}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="place-field__box">
        <input
          ref={input}
          id={id}
          name={name}
          type="text"
          className="field__input"
          value={value}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          role={hydrated ? "combobox" : undefined}
          aria-autocomplete={hydrated ? "list" : undefined}
          aria-expanded={hydrated ? expanded : undefined}
          aria-controls={expanded ? listId : undefined}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            onChange(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            if (!pressing.current) {
              closeList();
              return;
            }
            // After the press's click has been delivered (its events share one task; a timer runs after it).
            const afterPress = () => {
              pressing.current = false;
              window.setTimeout(closeList, 0);
            };
            document.addEventListener("pointerup", afterPress, { capture: true, once: true });
            document.addEventListener("pointercancel", afterPress, { capture: true, once: true });
          }}
        />
        {expanded ? (
          <div ref={list} id={listId} role="listbox" aria-label={`Suggestions for ${label.toLowerCase()}`} className="suggestions">
            {SUGGESTION_GROUPS.map(({ group, label: groupLabel }) => {
              const members = suggestions.map((suggestion, index) => ({ suggestion, index })).filter((entry) => entry.suggestion.group === group);
              if (members.length === 0) return null;
              return (
                <div key={group} role="group" aria-label={groupLabel} className="suggestions__group">
                  <div aria-hidden="true" className="suggestions__heading">
                    {groupLabel}
                  </div>
                  {members.map(({ suggestion, index }) => (
                    <div
                      key={suggestion.ref}
                      id={`${listId}-${index}`}
                      role="option"
                      aria-selected={index === active}
                      className="suggestions__option"
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => choose(index)}
                    >
                      {suggestion.label}
                    </div>
                  ))}
                </div>
              );
            })}
          </div>
        ) : null}
      </div>
      {refName && placeRef ? <input type="hidden" name={refName} value={placeRef} /> : null}
      {hydrated && currentLocation ? (
        <button
          type="button"
          className="locate-button"
          aria-pressed={currentLocation.active}
          aria-busy={currentLocation.status === "locating"}
          disabled={currentLocation.status === "locating"}
          onClick={currentLocation.onToggle}
        >
          <LocateIcon />
          <span>Use my current location</span>
          {currentLocation.status === "locating" ? <span className="locate-button__status"> (finding you…)</span> : null}
        </button>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {expanded ? `${suggestions.length} suggestions. Use the up and down arrows to choose one.` : ""}
      </p>
      {message ? (
        <p id={`${id}-error`} className="field__error">
          {message}
        </p>
      ) : null}
    </div>
  );
}

function LocateIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="7" />
      <circle cx="12" cy="12" r="2.5" fill="currentColor" />
      <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
    </svg>
  );
}

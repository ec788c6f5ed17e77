import { useState } from "react";
import { CURRENT_LOCATION_LABEL } from "../../search/constants";
import type { PlaceState } from "../../search/url";
import { useLocate } from "./hooks";
import type { CurrentLocationControl } from "./PlaceField";

export type PlaceValues = PlaceState;

export type PlaceName = "from" | "to" | "location";

const REF_OF = { from: "fromId", to: "toId", location: "locationId" } as const;

const PLACE_NAMES: readonly PlaceName[] = ["from", "to", "location"];

/** The hidden field that carries each place field's chosen suggestion. */
export const REF_FIELD_NAMES: Record<PlaceName, string> = { from: "from-id", to: "to-id", location: "location-id" };

/**
 * The place fields of one form, their chosen suggestions and their shared hidden geo-location (spec
 * §4): the current-location toggle fills a field with 'Your current location' and the coordinates (off
 * to on), clears both (on to off), and typing in that field clears the coordinates. Choosing a
 * suggestion keeps its place reference, so the search uses exactly that place; typing forgets it.
 * `picked` is told when a suggestion or the current location fills a field (the results page searches at once).
 */
export function usePlaceFields(values: PlaceValues, update: (changes: Partial<PlaceValues>) => void, picked?: (changes: Partial<PlaceValues>) => void) {
  const { status, locate, reset } = useLocate();
  const [asking, setAsking] = useState<PlaceName | null>(null);
  const settle = picked ?? update;

  function isCurrent(field: PlaceName): boolean {
    return values[field] === CURRENT_LOCATION_LABEL && values.geoLocation !== "";
  }

  function control(field: PlaceName): CurrentLocationControl {
    const active = isCurrent(field);
    return {
      active,
      status: asking === field ? status : "idle",
      onToggle: async () => {
        if (active) {
          reset();
          update({ [field]: "", [REF_OF[field]]: "", geoLocation: "" });
          return;
        }
        setAsking(field);
        const geoLocation = await locate();
        if (geoLocation) settle({ [field]: CURRENT_LOCATION_LABEL, [REF_OF[field]]: "", geoLocation });
      },
    };
  }

  function typed(field: PlaceName, value: string) {
    if (asking === field) reset();
    const changes: Partial<PlaceValues> = { [field]: value, [REF_OF[field]]: "" };
    update(values[field] === CURRENT_LOCATION_LABEL ? { ...changes, geoLocation: "" } : changes);
  }

  function chose(field: PlaceName, label: string, placeRef: string) {
    if (asking === field) reset();
    const changes: Partial<PlaceValues> = { [field]: label, [REF_OF[field]]: placeRef };
    settle(values[field] === CURRENT_LOCATION_LABEL ? { ...changes, geoLocation: "" } : changes);
  }

  /**
   * The place values as the form holds them when it is submitted. A field's text counts even when
   * React's state has not caught up with it: text typed while the page hydrated can still be on its
   * way there when the form is sent (the update is queued behind the hydration). Text that differs
   * from the state is typed text, so it carries no chosen suggestion.
   */
  function submitted(form: HTMLFormElement): PlaceValues {
    let result: PlaceValues = { ...values };
    for (const name of PLACE_NAMES) {
      const input = form.elements.namedItem(name);
      if (!(input instanceof HTMLInputElement) || input.value === values[name]) continue;
      const changes: Partial<PlaceValues> = { [name]: input.value, [REF_OF[name]]: "" };
      result = { ...result, ...changes, ...(values[name] === CURRENT_LOCATION_LABEL ? { geoLocation: "" } : {}) };
    }
    return result;
  }

  /** The props a PlaceField needs for one of this form's fields. */
  function field(name: PlaceName) {
    return {
      name,
      value: values[name],
      placeRef: values[REF_OF[name]],
      refName: REF_FIELD_NAMES[name],
      onChange: (value: string) => typed(name, value),
      onChoose: (label: string, placeRef: string) => chose(name, label, placeRef),
    };
  }

  return { control, typed, chose, field, submitted };
}

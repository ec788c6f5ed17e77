import { useState } from "react";
import { CURRENT_LOCATION_LABEL } from "../../search/constants";
import { useLocate } from "./hooks";
import type { CurrentLocationControl } from "./PlaceField";

export interface PlaceValues {
  from: string;
  to: string;
  location: string;
  geoLocation: string;
}

type PlaceName = "from" | "to" | "location";

/**
 * The place fields of one form and their shared hidden geo-location (spec §4): the current-location
 * toggle fills a field with 'Your current location' and the coordinates (off to on), clears both
 * (on to off), and typing in that field clears the coordinates.
 */
export function usePlaceFields(values: PlaceValues, update: (changes: Partial<PlaceValues>) => void) {
  const { status, locate, reset } = useLocate();
  const [asking, setAsking] = useState<PlaceName | null>(null);

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
          update({ [field]: "", geoLocation: "" });
          return;
        }
        setAsking(field);
        const geoLocation = await locate();
        if (geoLocation) update({ [field]: CURRENT_LOCATION_LABEL, geoLocation });
      },
    };
  }

  function typed(field: PlaceName, value: string) {
    if (asking === field) reset();
    update(values[field] === CURRENT_LOCATION_LABEL ? { [field]: value, geoLocation: "" } : { [field]: value });
  }

  return { control, typed };
}

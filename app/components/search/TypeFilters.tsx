import { useState } from "react";
import { LISTING_TYPES } from "../../search/listing-types";

export interface TypeFilterValues {
  types: number[];
  allWalks: boolean;
  pubWalks: boolean;
  beachWalks: boolean;
  facilities: number[];
}

interface TypeFiltersProps {
  idPrefix: string;
  values: TypeFilterValues;
  onChange: (changes: Partial<TypeFilterValues>) => void;
  facilities: { id: number; name: string }[];
}

function toggled(list: number[], id: number, on: boolean): number[] {
  const rest = list.filter((item) => item !== id);
  return on ? [...rest, id].sort((a, b) => a - b) : rest;
}

const WALK_FILTERS = [
  { name: "allWalks", label: "All walks" },
  { name: "pubWalks", label: "Walks with a pub" },
  { name: "beachWalks", label: "Walks with a beach" },
] as const;

/**
 * Listing types, walk filters and facilities as checkboxes named for the query string (types[],
 * allWalks, pubWalks, beachWalks, facilities[]). 'All walks' is exclusive with the other two (spec §4).
 */
export function TypeFilters({ idPrefix, values, onChange, facilities }: TypeFiltersProps) {
  // Open at first when facilities are chosen; after that the visitor opens and closes it.
  const [facilitiesOpen] = useState(values.facilities.length > 0);

  function walkChanged(name: (typeof WALK_FILTERS)[number]["name"], on: boolean) {
    if (name === "allWalks") onChange(on ? { allWalks: true, pubWalks: false, beachWalks: false } : { allWalks: false });
    else onChange(on ? { [name]: true, allWalks: false } : { [name]: false });
  }

  return (
    <>
      <fieldset className="check-group">
        <legend className="check-group__legend">Show</legend>
        {LISTING_TYPES.map((type) => (
          <label key={type.id} className={`check check--${type.theme}`}>
            <input
              type="checkbox"
              name="types[]"
              value={type.id}
              checked={values.types.includes(type.id)}
              onChange={(event) => onChange({ types: toggled(values.types, type.id, event.target.checked) })}
            />
            <span>{type.many}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="check-group">
        <legend className="check-group__legend">Walks</legend>
        {WALK_FILTERS.map((walk) => (
          <label key={walk.name} className="check">
            <input type="checkbox" name={walk.name} value="true" checked={values[walk.name]} onChange={(event) => walkChanged(walk.name, event.target.checked)} />
            <span>{walk.label}</span>
          </label>
        ))}
      </fieldset>
      {facilities.length > 0 ? (
        <details className="check-group check-group--more" open={facilitiesOpen || undefined}>
          <summary className="check-group__legend" id={`${idPrefix}-facilities`}>
            Facilities{values.facilities.length > 0 ? ` (${values.facilities.length} chosen)` : ""}
          </summary>
          <div role="group" aria-labelledby={`${idPrefix}-facilities`} className="check-group__grid">
            {facilities.map((facility) => (
              <label key={facility.id} className="check">
                <input
                  type="checkbox"
                  name="facilities[]"
                  value={facility.id}
                  checked={values.facilities.includes(facility.id)}
                  onChange={(event) => onChange({ facilities: toggled(values.facilities, facility.id, event.target.checked) })}
                />
                <span>{facility.name}</span>
              </label>
            ))}
          </div>
        </details>
      ) : null}
    </>
  );
}

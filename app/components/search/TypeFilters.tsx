import { useState, type ReactElement } from "react";
import { usePageContext } from "../../ops/page-context";
import { LISTING_TYPES } from "../../search/listing-types";
import type { TypeFilterState } from "../../search/url";

export type TypeFilterValues = TypeFilterState;

interface TypeFiltersProps {
  idPrefix: string;
  values: TypeFilterValues;
  onChange: (changes: Partial<TypeFilterValues>) => void;
  facilities: { id: number; name: string }[];
  /** The server's or the live check's messages by filter name: a group with one is marked, its message shown once. */
  fieldErrors?: Record<string, string>;
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

const BUSINESS_FILTERS = [
  { name: "accommodation", label: "Dog-friendly accommodation" },
  { name: "dogServices", label: "Dog services" },
] as const;

/**
 * Listing types, walk filters, business filters (accommodation, services: docs/decisions/0136) and facilities as checkboxes named for the query string (types[],
 * allWalks, pubWalks, beachWalks, accommodation, dogServices, facilities[]). 'All walks' is exclusive with the other two (spec §4).
 */
/** A group's message (the first of its fields') and what its checkboxes then carry. */
function groupError(fieldErrors: Record<string, string>, names: readonly string[], id: string) {
  const message = names.map((name) => fieldErrors[name]).find((found) => found !== undefined);
  return message ? { message, id, invalid: { "aria-invalid": true as const, "aria-describedby": id } } : { message: null, id, invalid: {} };
}

function GroupError({ error }: { error: { message: string | null; id: string } }) {
  return error.message ? (
    <p id={error.id} className="field__error">
      {error.message}
    </p>
  ) : null;
}

/**
 * The checkboxes' state in the form where it differs from `values`: what a visitor ticked before the page
 * hydrated (the clicks never reached React). Only the fields the form shows are read.
 */
export function typeFiltersInForm(form: HTMLFormElement, values: TypeFilterValues): Partial<TypeFilterValues> {
  const changes: Partial<TypeFilterValues> = {};
  const data = new FormData(form);
  const shown = (name: string) => form.querySelector(`input[type=checkbox][name="${name}"]`) !== null;
  const ids = (name: string) => data.getAll(name).map(Number).filter(Number.isInteger).sort((a, b) => a - b);
  const same = (a: number[], b: number[]) => a.length === b.length && a.every((id, i) => id === b[i]);
  if (shown("types[]") && !same(ids("types[]"), [...values.types].sort((a, b) => a - b))) changes.types = ids("types[]");
  if (shown("facilities[]") && !same(ids("facilities[]"), [...values.facilities].sort((a, b) => a - b))) changes.facilities = ids("facilities[]");
  for (const { name } of [...WALK_FILTERS, ...BUSINESS_FILTERS]) if (shown(name) && data.has(name) !== values[name]) changes[name] = data.has(name);
  return changes;
}

/** Everything the groups' insides are made of but the constants: the key they are rendered once by on the server. */
function staticKey(idPrefix: string, values: TypeFilterValues, facilities: { id: number; name: string }[], errors: { message: string | null; id: string }[]): string {
  let key = `${idPrefix}\t${values.types.join(",")}\t${values.facilities.join(",")}\t${values.allWalks}${values.pubWalks}${values.beachWalks}${values.accommodation}${values.dogServices}`;
  for (const error of errors) key += `\t${error.id}\t${error.message ?? ""}`;
  for (const facility of facilities) key += `\n${facility.id}\t${facility.name}`;
  return key;
}

/** One checkbox of a group, with its label (a plain call, not a component: about 80 of them hydrate on every results page). */
function check({ key, className = "check", name, value, checked, invalid, label, onChange }: { key: string | number; className?: string; name: string; value: string | number; checked: boolean; invalid: ReturnType<typeof groupError>["invalid"]; label: string; onChange: (on: boolean) => void }) {
  return (
    <label key={key} className={className}>
      <input type="checkbox" name={name} value={value} checked={checked} {...invalid} onChange={(event) => onChange(event.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

export function TypeFilters({ idPrefix, values, onChange, facilities, fieldErrors = {} }: TypeFiltersProps) {
  // Open at first when facilities are chosen; after that the visitor opens and closes it.
  const [facilitiesOpen] = useState(values.facilities.length > 0);

  function walkChanged(name: (typeof WALK_FILTERS)[number]["name"], on: boolean) {
    if (name === "allWalks") onChange(on ? { allWalks: true, pubWalks: false, beachWalks: false } : { allWalks: false });
    else onChange(on ? { [name]: true, allWalks: false } : { [name]: false });
  }

  const typesError = groupError(fieldErrors, ["types"], `${idPrefix}-types-error`);
  const walksError = groupError(fieldErrors, ["allWalks", "pubWalks", "beachWalks"], `${idPrefix}-walks-error`);
  const businessError = groupError(fieldErrors, ["accommodation", "dogServices"], `${idPrefix}-business-error`);
  const facilitiesError = groupError(fieldErrors, ["facilities"], `${idPrefix}-facilities-error`);
  const groupClass = (error: { message: string | null }, extra = "") => `check-group${extra}${error.message ? " check-group--invalid" : ""}`;

  const typesInside = () => (
    <>
      <legend className="check-group__legend">Show</legend>
      <GroupError error={typesError} />
      {LISTING_TYPES.map((type) => (
        check({ key: type.id, className: `check check--${type.theme}`, name: "types[]", value: type.id, checked: values.types.includes(type.id), invalid: typesError.invalid, label: type.many, onChange: (on) => onChange({ types: toggled(values.types, type.id, on) }) })
      ))}
    </>
  );
  const walksInside = () => (
    <>
      <legend className="check-group__legend">Walks</legend>
      <GroupError error={walksError} />
      {WALK_FILTERS.map((walk) => (
        check({ key: walk.name, name: walk.name, value: "true", checked: values[walk.name], invalid: walksError.invalid, label: walk.label, onChange: (on) => walkChanged(walk.name, on) })
      ))}
    </>
  );
  const businessInside = () => (
    <>
      <legend className="check-group__legend">Member businesses</legend>
      <GroupError error={businessError} />
      {BUSINESS_FILTERS.map((business) => (
        check({ key: business.name, name: business.name, value: "true", checked: values[business.name], invalid: businessError.invalid, label: business.label, onChange: (on) => onChange({ [business.name]: on }) })
      ))}
    </>
  );
  const facilitiesInside = () => (
    <>
      <summary className="check-group__legend" id={`${idPrefix}-facilities`}>
        Facilities{values.facilities.length > 0 ? ` (${values.facilities.length} chosen)` : ""}
      </summary>
      <GroupError error={facilitiesError} />
      <div role="group" aria-labelledby={`${idPrefix}-facilities`} className="check-group__grid">
        {facilities.map((facility) => (
          check({ key: facility.id, name: "facilities[]", value: facility.id, checked: values.facilities.includes(facility.id), invalid: facilitiesError.invalid, label: facility.name, onChange: (on) => onChange({ facilities: toggled(values.facilities, facility.id, on) }) })
        ))}
      </div>
    </>
  );

  // On the server each group's inside is the same for every page with these filters, messages and
  // facilities: rendered once per such key (decision 0334, as the header's menus: decision 0326). The
  // browser renders the groups and hydrates them.
  const { staticMarkup } = usePageContext();
  const key = staticMarkup ? staticKey(idPrefix, values, facilities, [typesError, walksError, businessError, facilitiesError]) : "";
  const inside = (group: string, render: () => ReactElement): { dangerouslySetInnerHTML: { __html: string } } | { children: ReactElement } =>
    staticMarkup ? { dangerouslySetInnerHTML: { __html: staticMarkup(`type-filters\n${group}\n${key}`, render) } } : { children: render() };

  return (
    <>
      <fieldset className={groupClass(typesError)} {...inside("types", typesInside)} />
      <fieldset className={groupClass(walksError)} {...inside("walks", walksInside)} />
      <fieldset className={groupClass(businessError)} {...inside("business", businessInside)} />
      {facilities.length > 0 ? (
        <details
          className={groupClass(facilitiesError, " check-group--more")}
          open={facilitiesOpen || facilitiesError.message !== null || undefined}
          {...inside("facilities", facilitiesInside)}
        />
      ) : null}
    </>
  );
}

import { useNavigate } from "@remix-run/react";
import { useRef, useState } from "react";
import type { FormEvent } from "react";
import { RoadBadge } from "../RoadBadge";
import { SELECT_A_ROAD_MESSAGE } from "../../search/constants";
import type { MotorwayPageData } from "../../search/motorway.server";
import type { RoadOption } from "../../search/reference.types";
import { emptyState, searchHref } from "../../search/url";
import { useChoicesMadeBeforeHydration, useHydrated } from "./hooks";
import { TypeFilters, typeFiltersInForm, type TypeFilterValues } from "./TypeFilters";
import { roadCountsQuery, useRoadCounts } from "./useRoadCounts";
import { BusyButton } from "../forms/BusyButton";

interface RoadPickerProps {
  roads: RoadOption[];
  counts: Record<string, number>;
  value: string;
  onChange: (roadId: string) => void;
  error: string;
}

function countLabel(count: number | undefined): string {
  if (count === undefined) return "";
  return count === 1 ? "1 place" : `${count.toLocaleString("en-GB")} places`;
}

/** Spec §3 road options as radio buttons: the road's badge, where it runs and its listing count. */
function RoadPicker({ roads, counts, value, onChange, error }: RoadPickerProps) {
  return (
    <fieldset className={`road-picker${error ? " road-picker--invalid" : ""}`} aria-describedby={error ? "road-picker-error" : undefined}>
      <legend className="road-picker__legend">Choose a road</legend>
      {error ? (
        <p id="road-picker-error" className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <ul className="road-picker__list">
        {roads.map((road) => {
          const count = counts[String(road.id)];
          return (
            <li key={road.id}>
              <label className={`road-option${count === 0 ? " road-option--empty" : ""}`}>
                <input type="radio" name="road" value={road.id} checked={value === String(road.id)} onChange={() => onChange(String(road.id))} />
                <RoadBadge name={road.name} country={road.country} motorway={road.motorway} />
                <span className="road-option__text">
                  <span className="road-option__description">{road.description}</span>
                  <span className="road-option__count">{countLabel(count)}</span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/**
 * The motorway search: filters, the road picker with live counts and a submit that goes to the road's
 * browse page. A GET form to the page itself, so it works without JavaScript (motorway.server.ts).
 */
export function MotorwaySearch({ page }: { page: MotorwayPageData }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [filters, setFilters] = useState<TypeFilterValues>(page.filters);
  const [roadId, setRoadId] = useState(page.selected);
  const [error, setError] = useState(page.roadError);
  const picker = useRef<HTMLDivElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const counts = useRoadCounts(filters, { query: roadCountsQuery(page.filters), counts: page.counts });

  // Filters ticked and a road picked before the page hydrated are taken from the form, so the counts and the
  // search follow them (the "Update the counts" button goes once the page has hydrated).
  useChoicesMadeBeforeHydration(() => {
    if (!form.current) return;
    const changes = typeFiltersInForm(form.current, page.filters);
    if (Object.keys(changes).length > 0) setFilters((current) => ({ ...current, ...changes }));
    const road = new FormData(form.current).get("road");
    if (typeof road === "string" && road !== page.selected) setRoadId(road);
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The checked radio as the form has it: a road picked while the page was hydrating never reached state.
    const chosen = new FormData(event.currentTarget).get("road") ?? roadId;
    const road = page.roads.find((option) => String(option.id) === chosen);
    if (!road) {
      setError(SELECT_A_ROAD_MESSAGE);
      picker.current?.querySelector<HTMLInputElement>("input[type=radio]")?.focus();
      return;
    }
    navigate(searchHref({ ...emptyState("browse"), ...filters, road: { country: road.country, slug: road.slug } }));
  }

  return (
    <form ref={form} method="get" action={page.path} className="motorway-form" onSubmit={submit} noValidate>
      <div className="motorway-form__filters">
        <h2 className="motorway-form__heading">What are you looking for?</h2>
        {page.filterError ? (
          <p className="field__error" role="alert">
            {page.filterError}
          </p>
        ) : null}
        <TypeFilters idPrefix="motorway" values={filters} facilities={page.facilities} onChange={(changes) => setFilters((current) => ({ ...current, ...changes }))} />
        {hydrated ? null : (
          <button type="submit" name="update" value="counts" className="button button--quiet">
            Update the counts
          </button>
        )}
      </div>
      <div className="motorway-form__roads" ref={picker}>
        <RoadPicker
          roads={page.roads}
          counts={counts}
          value={roadId}
          error={error}
          onChange={(id) => {
            setRoadId(id);
            setError("");
          }}
        />
        <div className="motorway-form__bar">
          <BusyButton whileNavigating name="go" value="road" pending="Searching…" className="button button--accent motorway-form__submit">
            Show stops on this road
          </BusyButton>
        </div>
      </div>
    </form>
  );
}

import { Form } from "@remix-run/react";
import { BusyButton } from "../forms/BusyButton";
import type { SearchOutcome } from "../../search/results.types";
import { searchHref, withChanges, type SearchState } from "../../search/url";

/**
 * Long routes (issue 10): start the results from a point of the drive, so page one of London →
 * Edinburgh is not only London. A GET form: the rest of the search rides along in hidden fields,
 * so it works without JavaScript; the server sends the URL to its canonical form.
 */
export function RouteStart({ outcome, state }: { outcome: SearchOutcome; state: SearchState }) {
  if (outcome.kind !== "results" || state.searchType !== "route") return null;
  const route = outcome.results.summary.route;
  if (!route || route.stops.length === 0) return null;
  const base = new URL(searchHref(withChanges(state, { startHours: null }), "list"), "http://x");
  const hidden = [...base.searchParams].filter(([name]) => name !== "start-hours");
  const current = state.startHours ?? 0;
  return (
    <Form method="get" action={base.pathname} className="route-start">
      {hidden.map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="route-start">Show results from</label>
      <select id="route-start" name="start-hours" className="field__input route-start__select" defaultValue={String(current)} key={current}>
        <option value="0">The start of the drive ({route.from})</option>
        {route.stops.map((stop) => (
          <option key={stop.hours} value={String(stop.hours)}>
            {stop.label}
          </option>
        ))}
        {current && !route.stops.some((s) => s.hours === current) ? <option value={String(current)}>After {current} hours</option> : null}
      </select>
      <BusyButton whileNavigating pending="Showing…" className="button button--quiet">
        Show
      </BusyButton>
    </Form>
  );
}

import { formatMinutes, formatTimeOfDay } from "../../../kit/format";
import { Form, Link } from "@remix-run/react";
import { useRef } from "react";
import type { TripGap, TripOption, TripPlan, TripStop } from "../../../geo/trip/plan";
import { BREAK_KIND_LABELS, type BreakKind } from "../../../geo/trip/query";
import { BusyButton } from "../forms/BusyButton";
import { shortPlace } from "../../search/view-model";
import { useHydrated } from "../search/hooks";
import { DragHandle, MoveButtons, ReorderHelp, useMovedStopFocus } from "./StopReorder";

const detour = (o: TripOption) => (o.detourMinutes === null ? "no road detour found" : `${o.detourMinutes} min detour`);

function Totals({ plan }: { plan: TripPlan }) {
  const departure = new Date(plan.departure);
  return (
    <dl className="trip-totals">
      <div>
        <dt>Leave</dt>
        <dd>{formatTimeOfDay(departure)}</dd>
      </div>
      <div>
        <dt>Driving</dt>
        <dd>{formatMinutes(plan.drivingMinutes)}</dd>
      </div>
      <div>
        <dt>Breaks</dt>
        <dd>{formatMinutes(plan.breakMinutes)}</dd>
      </div>
      <div>
        <dt>Arrive</dt>
        <dd data-testid="trip-arrival">{formatTimeOfDay(new Date(plan.arrival), departure)}</dd>
      </div>
      <div>
        <dt>Distance</dt>
        <dd>{plan.distanceMiles} miles</dd>
      </div>
    </dl>
  );
}

/** A small POST form of one edit: the plan's URL is the action, the server answers with the next plan's URL. */
function EditForm({ action, intent, index, children, label, pending, className }: { action: string; intent: string; index?: number; children?: React.ReactNode; label: React.ReactNode; pending: string; className?: string }) {
  return (
    <Form method="post" action={action} noValidate className={className ?? "trip-edit"}>
      <input type="hidden" name="intent" value={intent} />
      {index === undefined ? null : <input type="hidden" name="index" value={index} />}
      {children}
      <BusyButton pending={pending} name="intent-button" value={`${intent}-${index ?? ""}`} className="button button--quiet">
        {label}
      </BusyButton>
    </Form>
  );
}

function StopCard({ stop, action, editable, departure, count, hydrated, listRef }: { stop: TripStop; action: string; editable: boolean; departure: Date; count: number; hydrated: boolean; listRef: React.RefObject<HTMLOListElement> }) {
  const n = stop.index + 1;
  return (
    <li className="trip-stop" id={`stop-${n}`} data-listing-id={stop.listing.id} tabIndex={-1}>
      <div className="trip-stop__side">
        <span className="trip-stop__number" aria-hidden="true">
          {n}
        </span>
        {editable && hydrated && count > 1 ? <DragHandle action={action} index={stop.index} count={count} listingId={stop.listing.id} title={stop.listing.title} listRef={listRef} /> : null}
      </div>
      <div className="trip-stop__body">
        <h3 className="trip-stop__title">
          <span className="visually-hidden">Stop {n}: </span>
          <Link to={stop.listing.url}>{stop.listing.title}</Link>
        </h3>
        <p className="trip-stop__meta">
          {stop.kind === "overnight" ? "Overnight · " : null}
          {stop.listing.typeName} · arrive <strong>{formatTimeOfDay(new Date(stop.arrival), departure)}</strong> · {formatMinutes(stop.breakMinutes)} {stop.kind === "overnight" ? "overnight" : "break"} · {detour(stop)} · {stop.alongMiles} miles into the drive
        </p>
        {stop.backMinutes > 0 ? (
          <p className="trip-stop__back">In this order you drive {formatMinutes(stop.backMinutes)} back along the route to reach this stop.</p>
        ) : null}
        {stop.listing.address ? <p className="trip-stop__address">{stop.listing.address}</p> : null}
        {stop.vet ? (
          <p className="trip-stop__vet">
            Nearest vet: <Link to={stop.vet.url}>{stop.vet.title}</Link>
          </p>
        ) : null}
        {editable ? (
          <div className="trip-stop__edits">
            {stop.kind === "break" ? (
              <Form method="post" action={action} noValidate className="trip-edit trip-edit--length">
                <input type="hidden" name="intent" value="length" />
                <input type="hidden" name="index" value={stop.index} />
                <label htmlFor={`minutes-${n}`}>Break (min)</label>
                <input id={`minutes-${n}`} name="minutes" type="number" inputMode="numeric" min={5} max={120} defaultValue={stop.breakMinutes} className="field__input field__input--short" />
                <BusyButton pending="Saving…" name="intent-button" value={`length-${stop.index}`} className="button button--quiet">
                  Change<span className="visually-hidden"> the length of break {n}</span>
                </BusyButton>
              </Form>
            ) : null}
            <MoveButtons action={action} index={stop.index} count={count} listingId={stop.listing.id} title={stop.listing.title} />
            <EditForm action={action} intent="remove" index={stop.index} pending="Removing…" label={<>Remove<span className="visually-hidden"> stop {n}</span></>} />
          </div>
        ) : null}
        {editable && stop.alternatives.length > 0 ? (
          <details className="trip-alternatives">
            <summary>
              {stop.alternatives.length} alternative{stop.alternatives.length === 1 ? "" : "s"}
              <span className="visually-hidden"> for stop {n}</span>
            </summary>
            <ul>
              {stop.alternatives.map((alt) => (
                <li key={alt.listing.id}>
                  <Link to={alt.listing.url}>{alt.listing.title}</Link> <span className="trip-alternatives__meta">({detour(alt)}, {alt.alongMiles} miles in)</span>
                  <EditForm action={action} intent="swap" index={stop.index} pending="Swapping…" label={<>Use this<span className="visually-hidden"> instead for stop {n}: {alt.listing.title}</span></>}>
                    <input type="hidden" name="listing" value={alt.listing.id} />
                  </EditForm>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </div>
    </li>
  );
}

function Gap({ gap }: { gap: TripGap }) {
  return (
    <li className="trip-gap">
      <p className="trip-gap__message">
        <strong>{gap.alongMiles} miles in:</strong> {gap.message}
      </p>
      {gap.nearest.length > 0 ? (
        <>
          <p>The nearest:</p>
          <ul>
            {gap.nearest.map((o) => (
              <li key={o.listing.id}>
                <Link to={o.listing.url}>{o.listing.title}</Link> ({detour(o)})
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>None within {Math.round(100_000 / 1609.34)} miles.</p>
      )}
    </li>
  );
}

/** The plan: totals, the stops in order (each editable by a form that posts and redirects), the gaps, and the ways to take it along. */
export function TripPlanView({ plan, search, kind, editable, errors, notice }: { plan: TripPlan; search: string; kind: BreakKind; editable: boolean; errors?: { message?: string; hours?: string }; notice?: string | null }) {
  const action = `/trip?${search}`;
  const hydrated = useHydrated();
  const listRef = useRef<HTMLOListElement>(null);
  useMovedStopFocus(search);
  const departure = new Date(plan.departure);
  const driveHours = Math.max(0, (plan.drivingMinutes - 1) / 60);
  return (
    <section className="trip-plan" aria-labelledby="trip-plan-title">
      <h2 id="trip-plan-title">
        {shortPlace(plan.from.label)} to {shortPlace(plan.to.label)}
      </h2>
      <p className="trip-plan__lead">Breaks: {BREAK_KIND_LABELS[kind].toLowerCase()}.</p>
      <Totals plan={plan} />
      {editable ? (
        <div className="trip-plan__status" role="status" aria-live="polite">
          {notice ? <p className="form-notice">{notice}</p> : null}
        </div>
      ) : null}
      {plan.backtrackMinutes > 0 ? (
        <p className="form-notice trip-plan__backtrack">
          In this order some stops are behind the one before: the drive goes back along the route and forward again, {formatMinutes(plan.backtrackMinutes)} more driving. Move the stops into the order of the drive to save it.
        </p>
      ) : null}
      {plan.noBreakNeeded ? <p className="form-notice">This drive is shorter than your break interval: no break is needed.</p> : null}
      {plan.stops.length === 0 && !plan.noBreakNeeded && plan.gaps.length === 0 ? <p className="form-notice">This plan has no stops.</p> : null}
      {editable && hydrated && plan.stops.length > 1 ? <ReorderHelp /> : null}
      <ol className="trip-stops" aria-label="Stops in order" ref={listRef}>
        {plan.stops.map((stop) => (
          <StopCard key={stop.listing.id} stop={stop} action={action} editable={editable} departure={departure} count={plan.stops.length} hydrated={hydrated} listRef={listRef} />
        ))}
      </ol>
      {plan.gaps.length > 0 ? (
        <ul className="trip-gaps" aria-label="Break points without a stop">
          {plan.gaps.map((gap) => (
            <Gap key={gap.alongSeconds} gap={gap} />
          ))}
        </ul>
      ) : null}
      {editable && driveHours > 0.2 ? (
        <Form method="post" action={action} noValidate className="trip-edit trip-edit--add">
          <input type="hidden" name="intent" value="add" />
          <div className={`field${errors?.hours ? " field--invalid" : ""}`}>
            <label className="field__label" htmlFor="trip-add-hours">
              Add a stop after this many hours of driving
            </label>
            <input id="trip-add-hours" name="hours" type="number" inputMode="decimal" step="0.25" min="0.25" max={Math.floor(driveHours * 4) / 4} className="field__input field__input--short" aria-invalid={errors?.hours ? true : undefined} aria-describedby={errors?.hours ? "trip-add-hours-error" : undefined} />
            {errors?.hours ? (
              <p id="trip-add-hours-error" className="field__error">
                {errors.message ?? errors.hours}
              </p>
            ) : null}
          </div>
          <BusyButton pending="Adding…" name="intent-button" value="add" className="button button--quiet">
            Add a stop
          </BusyButton>
        </Form>
      ) : null}
    </section>
  );
}

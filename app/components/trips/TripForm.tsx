import { formatMinutes } from "../../../kit/format";
import { useNavigate } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { BREAK_KIND_LABELS, BREAK_KINDS, EVERY_MINUTES, OVERNIGHT_HOURS, tripQuerySchema, tripUrl } from "../../../geo/trip/query";
import { BusyButton } from "../forms/BusyButton";
import { PlaceField } from "../search/PlaceField";

const EVERY_OPTIONS = Array.from({ length: (EVERY_MINUTES.max - EVERY_MINUTES.min) / EVERY_MINUTES.step + 1 }, (_, i) => EVERY_MINUTES.min + i * EVERY_MINUTES.step);
const OVERNIGHT_OPTIONS = Array.from({ length: OVERNIGHT_HOURS.max - OVERNIGHT_HOURS.min + 1 }, (_, i) => OVERNIGHT_HOURS.min + i);

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={`${id}-error`} className="field__error">
      {message}
    </p>
  ) : null;
}

/**
 * The trip form: a GET form to /trip (the plan is its URL), so it works without JavaScript; with it the
 * same zod schema checks the fields first and the page goes straight to the plan.
 */
export function TripForm({ values, fieldErrors = {}, compact = false, idPrefix = "trip" }: { values: Record<string, string>; fieldErrors?: Record<string, string>; compact?: boolean; idPrefix?: string }) {
  const navigate = useNavigate();
  const [from, setFrom] = useState({ text: values.from ?? "", ref: values.fromId ?? "" });
  const [to, setTo] = useState({ text: values.to ?? "", ref: values.toId ?? "" });
  const [errors, setErrors] = useState<Record<string, string>>(fieldErrors);
  const id = (name: string) => `${idPrefix}-${name}`;
  const described = (name: string) => (errors[name] ? `${id(name)}-error` : undefined);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const raw = Object.fromEntries([...new FormData(event.currentTarget).entries()].filter((e): e is [string, string] => typeof e[1] === "string"));
    const parsed = tripQuerySchema.safeParse(raw);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    navigate(tripUrl(parsed.data));
  }

  return (
    <form method="get" action="/trip" className={compact ? "home-form trip-form trip-form--compact" : "trip-form form-panel"} onSubmit={submit} noValidate>
      <div className="trip-form__places">
        <PlaceField id={id("from")} name="from" refName="fromId" label="From" placeholder="Town, city or postcode" value={from.text} placeRef={from.ref} onChange={(text) => setFrom({ text, ref: "" })} onChoose={(text, ref) => setFrom({ text, ref })} error={errors.from} />
        <PlaceField id={id("to")} name="to" refName="toId" label="To" placeholder="Where are you going?" value={to.text} placeRef={to.ref} onChange={(text) => setTo({ text, ref: "" })} onChoose={(text, ref) => setTo({ text, ref })} error={errors.to} />
      </div>
      <div className="trip-form__row">
        {compact ? null : (
          <div className={`field${errors.depart ? " field--invalid" : ""}`}>
            <label className="field__label" htmlFor={id("depart")}>
              Leaving at
            </label>
            <input id={id("depart")} name="depart" type="datetime-local" className="field__input" defaultValue={values.depart} aria-invalid={errors.depart ? true : undefined} aria-describedby={described("depart")} />
            <FieldError id={id("depart")} message={errors.depart} />
          </div>
        )}
        <div className={`field${errors.every ? " field--invalid" : ""}`}>
          <label className="field__label" htmlFor={id("every")}>
            A break every
          </label>
          <select id={id("every")} name="every" className="field__input field__select" defaultValue={values.every ?? String(EVERY_MINUTES.default)} aria-describedby={described("every")}>
            {EVERY_OPTIONS.map((minutes) => (
              <option key={minutes} value={minutes}>
                {formatMinutes(minutes)}
              </option>
            ))}
          </select>
          <FieldError id={id("every")} message={errors.every} />
        </div>
        <div className={`field${errors.kind ? " field--invalid" : ""}`}>
          <label className="field__label" htmlFor={id("kind")}>
            A break should be
          </label>
          <select id={id("kind")} name="kind" className="field__input field__select" defaultValue={values.kind ?? "walk"} aria-describedby={described("kind")}>
            {BREAK_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {BREAK_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
          <FieldError id={id("kind")} message={errors.kind} />
        </div>
      </div>
      {compact ? null : (
        <div className="trip-form__row">
          <div className={`field${errors.length ? " field--invalid" : ""}`}>
            <label className="field__label" htmlFor={id("length")}>
              Each break lasts (minutes)
            </label>
            <input id={id("length")} name="length" type="number" inputMode="numeric" min={5} max={120} className="field__input field__input--short" defaultValue={values.length ?? "20"} aria-invalid={errors.length ? true : undefined} aria-describedby={described("length")} />
            <FieldError id={id("length")} message={errors.length} />
          </div>
          <div className={`field${errors.overnight ? " field--invalid" : ""}`}>
            <label className="field__label" htmlFor={id("overnight")}>
              Overnight stop
            </label>
            <select id={id("overnight")} name="overnight" className="field__input field__select" defaultValue={values.overnight ?? ""} aria-describedby={described("overnight")}>
              <option value="">No overnight stop</option>
              {OVERNIGHT_OPTIONS.map((hours) => (
                <option key={hours} value={hours}>
                  After {hours} hours of driving
                </option>
              ))}
            </select>
            <FieldError id={id("overnight")} message={errors.overnight} />
          </div>
          <div className="field trip-form__check">
            <input id={id("vet")} name="vet" type="checkbox" value="1" defaultChecked={values.vet === "1" || values.vet === "on"} />
            <label htmlFor={id("vet")}>Show the nearest vet to each stop</label>
          </div>
        </div>
      )}
      <BusyButton whileNavigating pending="Planning…" className="button button--accent trip-form__submit">
        Plan my breaks
      </BusyButton>
    </form>
  );
}

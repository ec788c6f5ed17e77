import { useActionData } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useField, useFormContext, useIsSubmitting, ValidatedForm } from "remix-validated-form";
import { listingFormValidator, typeOptions, visibleSections } from "../../../core/listing-form";
import type { ListingFormPageData } from "../../listings/form-page.server";
import { isWalkTypePath, listingNoun, WALK_TYPES } from "../../../core/walk-types";
import { RichTextEditor } from "../editor/RichTextEditor";
import { Captcha } from "../forms/Captcha";
import { SelectField, TextField } from "../forms/Field";
import { FormAlert, fieldErrorOf, formErrorOf } from "../forms/FormParts";
import { ImageUploader } from "../gallery/ImageUploader";
import { MarkerField } from "./MarkerField";

const FORM_ID = "listing";

/** A checkbox whose starting state is the loader's, or what a post without JavaScript sent back. */
function Check({ name, label, value, checked, onChecked }: { name: string; label: string; value?: string; checked: boolean; onChecked?: (checked: boolean) => void }) {
  const { defaultValue } = useField(name);
  const sent = Array.isArray(defaultValue) ? defaultValue.map(String).includes(value ?? "on") : defaultValue === "on" || defaultValue === true;
  return (
    <label className="listing-form__check">
      <input type="checkbox" name={name} value={value ?? "on"} defaultChecked={checked || sent} onChange={(event) => onChecked?.(event.target.checked)} />
      {label}
    </label>
  );
}

/** The sections shown only for some places (all of them without JavaScript, with the hint saying when): fields as [name, label, maxLength]. */
const OPTIONAL_SECTIONS = [
  { key: "france", legend: "In France", hint: "Only for places in France", fields: [["department", "Département number", 60], ["autorouteExit", "Nearest autoroute exit (sortie)", 60]] },
  { key: "pub", legend: "The pub", hint: "For pubs, or walks with a pub", fields: [["pubName", "Name of the pub", 120], ["openingHours", "Opening hours", 300]] },
  { key: "beach", legend: "The beach", hint: "For beaches, or walks with a beach", fields: [["beachName", "Name of the beach", 120], ["dogRestrictions", "Seasonal dog restrictions", 300]] },
] as const;

function Section({ legend, hint, children }: { legend: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="listing-form__section">
      <legend>{legend}</legend>
      {hint ? <p className="field__hint">{hint}</p> : null}
      {children}
    </fieldset>
  );
}

function Description({ noun }: { noun: string }) {
  const { error, validate, defaultValue } = useField("description");
  const initial = typeof defaultValue === "string" ? defaultValue : "";
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <p id="listing-description-label" className="field__label">
        <label htmlFor="listing-description">Description</label>
      </p>
      <p id="listing-description-hint" className="field__hint">
        Tell dog owners what this {noun} is like: paths, water, shade, what dogs may do.
      </p>
      <RichTextEditor name="description" initialHtml={initial} labelId="listing-description-label" textareaId="listing-description" describedBy={`listing-description-hint${error ? " listing-description-error" : ""}`} invalid={Boolean(error)} onChange={error ? validate : undefined} />
      {error ? (
        <p id="listing-description-error" className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Actions({ uploading, canDraft }: { uploading: boolean; canDraft: boolean }) {
  const submitting = useIsSubmitting();
  const busy = submitting || uploading;
  return (
    <div className="listing-form__actions">
      <button type="submit" name="intent" value="submit" className="button button--accent" disabled={busy} aria-busy={submitting || undefined}>
        {submitting ? "Saving…" : uploading ? "Waiting for photos…" : "Submit listing"}
      </button>
      {canDraft ? (
        <button type="submit" name="intent" value="draft" className="button button--quiet" disabled={busy}>
          Save as draft
        </button>
      ) : null}
    </div>
  );
}

/**
 * Spec §5: on invalid, the form scrolls to the first invalid field (in page order, the description editor
 * and the map included) and moves the focus there. Only after a submit, never while typing.
 */
function ScrollToFirstError() {
  const { fieldErrors } = useFormContext();
  const marker = useRef<HTMLSpanElement>(null);
  const submitted = useRef(false);
  useEffect(() => {
    const form = marker.current?.closest("form");
    if (!form) return;
    const onSubmit = () => {
      submitted.current = true;
    };
    form.addEventListener("submit", onSubmit, true);
    return () => form.removeEventListener("submit", onSubmit, true);
  }, []);
  useEffect(() => {
    const form = marker.current?.closest("form");
    if (!form || !submitted.current || Object.keys(fieldErrors).length === 0) return;
    submitted.current = false;
    const first = form.querySelector(".field--invalid, [aria-invalid='true']");
    if (!(first instanceof HTMLElement)) return;
    first.scrollIntoView({ block: "center" });
    const target = first.matches("input, select, textarea, [contenteditable='true']") ? first : first.querySelector("input:not([type=hidden]), select, textarea, [contenteditable='true']");
    if (target instanceof HTMLElement) target.focus({ preventScroll: true });
  }, [fieldErrors]);
  return <span ref={marker} hidden />;
}

function noticeOf(value: unknown): string | null {
  return typeof value === "object" && value !== null && "notice" in value && typeof value.notice === "string" ? value.notice : null;
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** The listing form of /add-listing, /account/add-member-business and /{type}/{slug}/edit (spec §4, §5). */
export function ListingForm({ data, action }: { data: ListingFormPageData; action: string }) {
  const result: unknown = useActionData();
  const values = data.values;
  const [state, setState] = useState({ walkType: text(values.walkType), has_pub: values.has_pub === true, has_beach: values.has_beach === true, country: text(values.country) });
  const [enhanced, setEnhanced] = useState(false);
  const [uploading, setUploading] = useState(false);
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);
  useEffect(() => setEnhanced(true), []);
  const typeId = isWalkTypePath(state.walkType) ? WALK_TYPES[state.walkType].typeId : null;
  const noun = listingNoun(typeId);
  const shown = enhanced ? visibleSections(state) : { walkFeatures: true, pub: true, beach: true, france: true };
  const facilityIds = Array.isArray(values.facilities) ? values.facilities.map(String) : [];
  return (
    <ValidatedForm validator={listingFormValidator} method="post" action={action} encType="multipart/form-data" id={FORM_ID} defaultValues={values} noValidate className="listing-form" disableFocusOnError>
      <ScrollToFirstError />
      <FormAlert message={formErrorOf(result)} />
      {noticeOf(result) ? (
        <p className="form-notice" role="status">
          {noticeOf(result)}
        </p>
      ) : null}
      <Section legend="What kind of place is it?">
        <SelectField formId={FORM_ID} name="walkType" label="Type of listing" placeholder="Choose a type" options={typeOptions(data.mode === "business")} onValue={(walkType) => setState((s) => ({ ...s, walkType }))} />
        {shown.walkFeatures ? (
          <div className="listing-form__checks" role="group" aria-label="Walk features">
            <Check name="has_pub" label="There is a pub on the walk" checked={state.has_pub} onChecked={(has_pub) => setState((s) => ({ ...s, has_pub }))} />
            <Check name="has_beach" label="The walk includes a beach" checked={state.has_beach} onChecked={(has_beach) => setState((s) => ({ ...s, has_beach }))} />
            <TextField formId={FORM_ID} name="walkLengthMiles" label="Walk length in miles (walks)" optional inputMode="decimal" maxLength={10} />
            <TextField formId={FORM_ID} name="walkSurface" label="Paths (walks), e.g. grass, gravel" optional maxLength={40} />
          </div>
        ) : null}
      </Section>
      <Section legend={`About this ${noun}`}>
        <TextField formId={FORM_ID} name="title" label="Title" maxLength={120} hint={`A brief, but descriptive title for this ${noun}`} />
        <Description noun={noun} />
      </Section>
      <MarkerField noun={noun} />
      <Section legend="Address">
        <TextField formId={FORM_ID} name="address" label="First line of the address" autoComplete="address-line1" maxLength={200} />
        <div className="form-row">
          <TextField formId={FORM_ID} name="town" label="Town" optional autoComplete="address-level2" maxLength={80} />
          <TextField formId={FORM_ID} name="county" label={state.country === "75" ? "Département or region" : "County"} optional maxLength={80} />
        </div>
        <div className="form-row">
          <TextField formId={FORM_ID} name="postcode" label="Postcode" optional autoComplete="postal-code" maxLength={12} />
          <SelectField formId={FORM_ID} name="country" label="Country" placeholder="Choose a country" options={data.countries.map((country) => ({ value: String(country.id), label: country.name }))} onValue={(country) => setState((s) => ({ ...s, country }))} />
        </div>
      </Section>
      {OPTIONAL_SECTIONS.map((section) =>
        shown[section.key] ? (
          <Section key={section.key} legend={section.legend} hint={enhanced ? undefined : section.hint}>
            {section.fields.map(([name, label, maxLength]) => (
              <TextField key={name} formId={FORM_ID} name={name} label={label} optional maxLength={maxLength} />
            ))}
          </Section>
        ) : null,
      )}
      <Section legend="Facilities">
        <div className="listing-form__checks">
          {data.facilities.map((facility) => (
            <Check key={facility.id} name="facilities" value={String(facility.id)} label={facility.name} checked={facilityIds.includes(String(facility.id))} />
          ))}
        </div>
      </Section>
      <ImageUploader name="gallery" label="Photos" initial={data.gallery} onBusyChange={onBusyChange} max={30} serverError={fieldErrorOf(result, "gallery")} />
      {data.captcha ? <Captcha fallback={data.captcha} formId={FORM_ID} version={result} /> : null}
      <p className="form-lead">{data.admin ? "As an administrator, your listing goes live at once." : "Our team checks every listing before it goes live."}</p>
      <Actions uploading={uploading} canDraft={!data.visitor} />
    </ValidatedForm>
  );
}

import { useActionData } from "@remix-run/react";
import { useCallback, useState } from "react";
import { useField, useIsSubmitting, ValidatedForm } from "remix-validated-form";
import { SUBSCRIPTION_PLAN_OPTIONS, SUBSCRIPTION_PLAN_TYPES } from "../../treats/plans";
import { treatFormValidator } from "../../treats/schemas";
import { TREAT_TYPE_IDS, TREAT_TYPES } from "../../treats/types";
import type { GalleryImage } from "../../uploads/images";
import { RichTextEditor } from "../editor/RichTextEditor";
import { TextField } from "../forms/Field";
import { FormAlert, formErrorOf } from "../forms/FormParts";
import { ImageUploader } from "../gallery/ImageUploader";

export interface TreatFormValues {
  id: number | null;
  name: string;
  slug: string;
  descriptionHtml: string;
  termsHtml: string;
  type: number;
  weight: number;
  subscriptionFilter: "none" | "type" | "option";
  subscriptionFilterValue: string;
  data: { discount?: number | null; interval?: number | null; period?: "month" | "year" | null; url?: string | null; voucher?: string | null };
  expiryDays: number | null;
  featured: boolean;
  image: GalleryImage[];
}

const FORM_ID = "treat";

function FieldError({ name }: { name: string }) {
  const { error } = useField(name, { formId: FORM_ID });
  return error ? (
    <p id={`${FORM_ID}-${name}-error`} className="field__error">
      {error}
    </p>
  ) : null;
}

function Save({ uploading, label }: { uploading: boolean; label: string }) {
  const submitting = useIsSubmitting(FORM_ID);
  return (
    <button type="submit" className="button button--accent" disabled={submitting || uploading} aria-busy={submitting || undefined}>
      {submitting ? "Saving…" : uploading ? "Waiting for the image…" : label}
    </button>
  );
}

/** The treat form (spec §4 and §5): text, rich text, image, type, weight, subscription filter, expiry and the type's data. */
export function TreatOptionForm({ treat }: { treat: TreatFormValues }) {
  const [uploading, setUploading] = useState(false);
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);
  const [filter, setFilter] = useState(treat.subscriptionFilter);
  const result: unknown = useActionData();
  return (
    <ValidatedForm
      validator={treatFormValidator}
      method="post"
      encType="multipart/form-data"
      id={FORM_ID}
      noValidate
      className="form-stack"
      defaultValues={{
        name: treat.name,
        slug: treat.slug,
        weight: treat.weight,
        expiryDays: treat.expiryDays,
        discount: treat.data.discount ?? null,
        interval: treat.data.interval ?? null,
        url: treat.data.url ?? "",
        voucher: treat.data.voucher ?? "",
      }}
    >
      <FormAlert message={formErrorOf(result)} />
      <TextField formId={FORM_ID} name="name" label="Name" maxLength={120} />
      <TextField formId={FORM_ID} name="slug" label="Slug" optional maxLength={80} hint="Lowercase letters, digits and hyphens. Left empty, it is made from the name." />
      <div className="field">
        <label id="treat-description-label" htmlFor="treat-description" className="field__label">
          Description
        </label>
        <RichTextEditor name="description" initialHtml={treat.descriptionHtml} labelId="treat-description-label" textareaId="treat-description" invalid={false} />
        <FieldError name="description" />
      </div>
      <div className="field">
        <label id="treat-terms-label" htmlFor="treat-terms" className="field__label">
          Terms
        </label>
        <RichTextEditor name="terms" initialHtml={treat.termsHtml} labelId="treat-terms-label" textareaId="treat-terms" invalid={false} />
        <FieldError name="terms" />
      </div>
      <ImageUploader name="image" label="Image" initial={treat.image} onBusyChange={onBusyChange} max={1} />
      <div className="admin-row">
        <div className="field">
          <label htmlFor="treat-type" className="field__label">
            Kind of Treat
          </label>
          <select id="treat-type" name="type" defaultValue={String(treat.type)} className="field__input field__select">
            {TREAT_TYPE_IDS.map((id) => (
              <option key={id} value={id}>
                {TREAT_TYPES[id]}
              </option>
            ))}
          </select>
          <FieldError name="type" />
        </div>
        <TextField formId={FORM_ID} name="weight" label="Weight" inputMode="numeric" maxLength={7} hint="The chance of winning is this weight divided by the total of all weights." />
        <TextField formId={FORM_ID} name="expiryDays" label="Expires after (days)" optional inputMode="numeric" maxLength={4} />
      </div>
      <fieldset className="field">
        <legend className="field__label">Subscription filter</legend>
        <div className="admin-checks">
          {(["none", "type", "option"] as const).map((value) => (
            <label key={value} className="check">
              <input type="radio" name="subscriptionFilter" value={value} checked={filter === value} onChange={() => setFilter(value)} />
              {value === "none" ? "Any subscription" : value === "type" ? "One subscription type" : "One subscription option"}
            </label>
          ))}
        </div>
        <div className="admin-row">
          <div className="field">
            <label htmlFor="treat-subscription-type" className="field__label">
              Subscription type
            </label>
            <select id="treat-subscription-type" name="subscriptionType" defaultValue={treat.subscriptionFilter === "type" ? treat.subscriptionFilterValue : ""} className="field__input field__select">
              <option value="">Choose a type</option>
              {SUBSCRIPTION_PLAN_TYPES.map((plan) => (
                <option key={plan.value} value={plan.value}>
                  {plan.label}
                </option>
              ))}
            </select>
            <FieldError name="subscriptionType" />
          </div>
          <div className="field">
            <label htmlFor="treat-subscription-option" className="field__label">
              Subscription option
            </label>
            <select id="treat-subscription-option" name="subscriptionOption" defaultValue={treat.subscriptionFilter === "option" ? treat.subscriptionFilterValue : ""} className="field__input field__select">
              <option value="">Choose an option</option>
              {SUBSCRIPTION_PLAN_OPTIONS.map((plan) => (
                <option key={plan.value} value={plan.value}>
                  {plan.label}
                </option>
              ))}
            </select>
            <FieldError name="subscriptionOption" />
          </div>
        </div>
      </fieldset>
      <fieldset className="field">
        <legend className="field__label">Subscription discount (subscription discount Treats)</legend>
        <div className="admin-row">
          <TextField formId={FORM_ID} name="discount" label="Discount (%)" optional inputMode="numeric" maxLength={3} />
          <TextField formId={FORM_ID} name="interval" label="For how many periods" optional inputMode="numeric" maxLength={2} />
          <div className="field">
            <label htmlFor="treat-period" className="field__label">
              Period
            </label>
            <select id="treat-period" name="period" defaultValue={treat.data.period ?? "month"} className="field__input field__select">
              <option value="month">Month</option>
              <option value="year">Year</option>
            </select>
          </div>
        </div>
      </fieldset>
      <div className="admin-row">
        <TextField formId={FORM_ID} name="url" label="Partner address (url)" optional maxLength={500} hint="Free items redirect here; vouchers are used here." />
        <TextField formId={FORM_ID} name="voucher" label="Voucher code" optional maxLength={64} />
      </div>
      <label className="check">
        <input type="checkbox" name="featured" defaultChecked={treat.featured} />
        Feature this Treat on the Treats page
      </label>
      <div className="form-actions">
        <Save uploading={uploading} label={treat.id === null ? "Add Treat" : "Save Treat"} />
      </div>
    </ValidatedForm>
  );
}

import { useActionData } from "@remix-run/react";
import { useCallback, useState } from "react";
import { useField, useIsSubmitting, ValidatedForm } from "remix-validated-form";
import { SUBSCRIPTION_PLAN_OPTIONS, SUBSCRIPTION_PLAN_TYPES } from "../../treats/plans";
import { treatFormValidator } from "../../treats/schemas";
import { TREAT_TYPE_IDS, TREAT_TYPES, type EditableTreat } from "../../treats/types";
import { RichTextEditor } from "../editor/RichTextEditor";
import { FieldError, SelectField, TextField } from "../forms/Field";
import { FormAlert, formErrorOf } from "../forms/FormParts";
import { ImageUploader } from "../gallery/ImageUploader";

const FORM_ID = "treat";

const TYPE_CHOICES = TREAT_TYPE_IDS.map((id) => ({ value: String(id), label: TREAT_TYPES[id] }));
const PERIOD_CHOICES = [
  { value: "month", label: "Month" },
  { value: "year", label: "Year" },
];

/** A rich-text field (description, terms) with the schema's error under it. */
function RichTextField({ name, label, initialHtml }: { name: string; label: string; initialHtml: string }) {
  const { error } = useField(name, { formId: FORM_ID });
  const id = `${FORM_ID}-${name}`;
  return (
    <div className="field">
      <label id={`${id}-label`} htmlFor={id} className="field__label">
        {label}
      </label>
      <RichTextEditor name={name} initialHtml={initialHtml} labelId={`${id}-label`} textareaId={id} invalid={Boolean(error)} />
      <FieldError id={id} error={error} />
    </div>
  );
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
export function TreatOptionForm({ treat }: { treat: EditableTreat }) {
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
        type: treat.type,
        weight: treat.weight,
        subscriptionType: treat.subscriptionFilter === "type" ? treat.subscriptionFilterValue : "",
        subscriptionOption: treat.subscriptionFilter === "option" ? treat.subscriptionFilterValue : "",
        expiryDays: treat.expiryDays,
        discount: treat.data.discount ?? null,
        interval: treat.data.interval ?? null,
        period: treat.data.period ?? "month",
        url: treat.data.url ?? "",
        voucher: treat.data.voucher ?? "",
      }}
    >
      <FormAlert message={formErrorOf(result)} />
      <TextField formId={FORM_ID} name="name" label="Name" maxLength={120} />
      <TextField formId={FORM_ID} name="slug" label="Slug" optional maxLength={80} hint="Lowercase letters, digits and hyphens. Left empty, it is made from the name." />
      <RichTextField name="description" label="Description" initialHtml={treat.descriptionHtml} />
      <RichTextField name="terms" label="Terms" initialHtml={treat.termsHtml} />
      <ImageUploader name="image" label="Image" initial={treat.image} onBusyChange={onBusyChange} max={1} />
      <div className="admin-row">
        <SelectField formId={FORM_ID} name="type" label="Kind of Treat" options={TYPE_CHOICES} />
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
          <SelectField formId={FORM_ID} name="subscriptionType" label="Subscription type" placeholder="Choose a type" options={SUBSCRIPTION_PLAN_TYPES} />
          <SelectField formId={FORM_ID} name="subscriptionOption" label="Subscription option" placeholder="Choose an option" options={SUBSCRIPTION_PLAN_OPTIONS} />
        </div>
      </fieldset>
      <fieldset className="field">
        <legend className="field__label">Subscription discount (subscription discount Treats)</legend>
        <div className="admin-row">
          <TextField formId={FORM_ID} name="discount" label="Discount (%)" optional inputMode="numeric" maxLength={3} />
          <TextField formId={FORM_ID} name="interval" label="For how many periods" optional inputMode="numeric" maxLength={2} />
          <SelectField formId={FORM_ID} name="period" label="Period" options={PERIOD_CHOICES} />
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

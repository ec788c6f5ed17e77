import { formatCalendarDay } from "../../../kit/format";
import { Form, Link, useActionData } from "@remix-run/react";
import { useField, useIsSubmitting, ValidatedForm } from "remix-validated-form";
import { affiliateLinkValidator, type AffiliateLinkFormValues, type AffiliateLinkView } from "../../payments/affiliate-links";
import { MAX_DISCOUNT_PERCENT } from "../../payments/schemas";
import { FieldError, TextField } from "../forms/Field";
import { FormAlert, formErrorOf } from "../forms/FormParts";

const FORM_ID = "affiliate-link";

/** The shareable link in a read-only input that selects itself, so it can be copied in one go. */
function ShareableLink({ link }: { link: AffiliateLinkView }) {
  const id = `affiliate-link-url-${link.id}`;
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        Shareable link for {link.code}
      </label>
      <input id={id} className="field__input affiliate-link__url" type="text" readOnly value={link.url} onFocus={(event) => event.currentTarget.select()} onClick={(event) => event.currentTarget.select()} />
    </>
  );
}

/** The list of friendly discount links: code, discount, expiry, uses and the shareable link. */
export function AffiliateLinksTable({ links }: { links: AffiliateLinkView[] }) {
  if (links.length === 0) return <p>No friendly discount links yet.</p>;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table--cards admin-table--plain affiliate-links">
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col">Discount</th>
            <th scope="col">Expiry</th>
            <th scope="col">Uses</th>
            <th scope="col">Shareable link</th>
          </tr>
        </thead>
        <tbody>
          {links.map((link) => (
            <tr key={link.id}>
              <td data-label="Code">
                <Link to={`/account/admin/affiliate-links/${link.id}`}>
                  <strong>{link.code}</strong>
                  <span className="visually-hidden"> (edit)</span>
                </Link>
                <br />
                <span className="admin-muted">{link.name}</span>
              </td>
              <td data-label="Discount">{link.discountPercent}%</td>
              <td data-label="Expiry">
                {link.expiresOn ? formatCalendarDay(link.expiresOn) : "Never"}
                {link.expired ? <span className="tag tag--warning">expired</span> : null}
              </td>
              <td data-label="Uses">{link.uses.toLocaleString("en-GB")}</td>
              <td data-label="Shareable link">
                <ShareableLink link={link} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ExpiryField() {
  const { error, getInputProps } = useField("expiresOn", { formId: FORM_ID });
  const id = `${FORM_ID}-expiresOn`;
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor={id} className="field__label">
        Expiry date<span className="field__optional"> (optional)</span>
      </label>
      <p id={`${id}-hint`} className="field__hint">
        The link works until the end of this day (UK time). Leave it empty for a link that never expires.
      </p>
      <input
        {...getInputProps({ id, type: "date", min: "2000-01-01", max: "2099-12-31" })}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ")}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

function Save({ label }: { label: string }) {
  const submitting = useIsSubmitting(FORM_ID);
  return (
    <button type="submit" className="button button--accent" disabled={submitting} aria-busy={submitting || undefined}>
      {submitting ? "Saving…" : label}
    </button>
  );
}

/** The add/edit form (spec §7 POST affiliate-links/{id or empty}). */
export function AffiliateLinkForm({ link }: { link: AffiliateLinkFormValues }) {
  const result: unknown = useActionData();
  return (
    <ValidatedForm
      validator={affiliateLinkValidator}
      method="post"
      id={FORM_ID}
      noValidate
      className="form-stack"
      defaultValues={{ name: link.name, code: link.code, discountPercent: link.discountPercent ?? undefined, expiresOn: link.expiresOn }}
    >
      <input type="hidden" name="intent" value="save" />
      <FormAlert message={formErrorOf(result)} />
      <TextField formId={FORM_ID} name="name" label="Name" maxLength={80} hint="Who or what the link is for; only administrators see it." />
      <TextField formId={FORM_ID} name="code" label="Code" maxLength={40} hint="3 to 40 letters, digits or hyphens; it goes in the link, e.g. WOOF10." />
      <TextField formId={FORM_ID} name="discountPercent" label="Discount (%)" inputMode="numeric" maxLength={3} hint={`Taken off the first payment: a whole number from 1 to ${MAX_DISCOUNT_PERCENT}.`} />
      <ExpiryField />
      <div className="form-actions">
        <Save label={link.id === null ? "Add the discount link" : "Save changes"} />
        <Link to="/account/admin/affiliate-links" className="button button--quiet">
          Back to the list
        </Link>
      </div>
    </ValidatedForm>
  );
}

/** The delete button; the action answers the spec's confirmation before deleting. */
export function DeleteAffiliateLink() {
  return (
    <Form method="post" className="affiliate-link__delete">
      <button type="submit" name="intent" value="delete" className="button button--danger">
        Delete this discount link
      </button>
    </Form>
  );
}

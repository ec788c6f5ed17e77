import { useActionData, type FetcherWithComponents } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { giftValidator } from "../../treats/schemas";
import { TextField } from "../forms/Field";
import { FormAlert, formErrorOf, SubmitButton } from "../forms/FormParts";

export interface GiftFormData {
  hexId: string;
  name: string;
}

/** Gift a Treat to another member by username or email (the page, or the modal with JavaScript). */
export function GiftForm({ data, fetcher }: { data: GiftFormData; fetcher?: FetcherWithComponents<unknown> }) {
  const actionData: unknown = useActionData();
  const result = fetcher ? fetcher.data : actionData;
  const formId = `gift-${data.hexId}`;
  return (
    <ValidatedForm validator={giftValidator} method="post" action={`/account/treats/${data.hexId}/gift`} id={formId} fetcher={fetcher} noValidate className="form-stack">
      <FormAlert message={formErrorOf(result)} />
      <p className="form-lead">
        Gift <strong>{data.name}</strong> to another Pawroute member. They will receive an email and find it in their Treats; you will no longer be able to use it.
      </p>
      <TextField formId={formId} name="recipient" label="Their username or email address" autoComplete="off" maxLength={254} />
      <div className="form-actions">
        <SubmitButton pending="Sending your gift…" variant="accent">
          Gift this Treat
        </SubmitButton>
      </div>
    </ValidatedForm>
  );
}

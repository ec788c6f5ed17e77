import type { ReactNode } from "react";
import { ValidatedForm, type FormProps } from "remix-validated-form";
import { FormAlert, SubmitButton } from "./FormParts";

/**
 * A validated form that posts one intent of a page with several forms: its general message, the
 * hidden intent, its fields and the submit button (which says `pending` while the request runs).
 */
export function IntentForm<DataType extends { [fieldName: string]: unknown }>({
  id,
  intent,
  validator,
  defaultValues,
  alert,
  submit,
  pending,
  resetAfterSubmit,
  children,
}: Pick<FormProps<DataType, undefined>, "validator" | "defaultValues" | "resetAfterSubmit"> & {
  id: string;
  intent: string;
  alert?: string | null;
  submit: ReactNode;
  pending: ReactNode;
  children: ReactNode;
}) {
  return (
    <ValidatedForm validator={validator} method="post" id={id} defaultValues={defaultValues} noValidate className="form-stack" resetAfterSubmit={resetAfterSubmit}>
      <FormAlert message={alert} />
      <input type="hidden" name="intent" value={intent} />
      {children}
      <div className="form-actions">
        <SubmitButton pending={pending}>{submit}</SubmitButton>
      </div>
    </ValidatedForm>
  );
}

import { useActionData, type FetcherWithComponents } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { changePasswordValidator } from "../../../auth/validators";
import { TextField } from "../Field";
import { FormAlert, formErrorOf, SubmitButton } from "../FormParts";

export interface PasswordData {
  hasPassword: boolean;
}

/** The current-password row appears only when the account already has a password. */
export function PasswordForm({ data, fetcher }: { data: PasswordData; fetcher?: FetcherWithComponents<unknown> }) {
  const actionData: unknown = useActionData();
  const result = fetcher ? fetcher.data : actionData;
  return (
    <ValidatedForm validator={changePasswordValidator} method="post" action="/account/settings/password" id="change-password" fetcher={fetcher} noValidate className="form-stack">
      <FormAlert message={formErrorOf(result)} />
      {data.hasPassword ? <TextField formId="change-password" name="password" label="Current password" type="password" autoComplete="current-password" /> : null}
      <TextField formId="change-password" name="newPassword" label="New password" type="password" autoComplete="new-password" hint="At least 8 characters. Your other sessions end when you change it." />
      <TextField formId="change-password" name="newPasswordRepeat" label="Repeat your new password" type="password" autoComplete="new-password" />
      <div className="form-actions">
        <SubmitButton pending="Saving…">
          Change password
        </SubmitButton>
      </div>
    </ValidatedForm>
  );
}

import { useActionData, type FetcherWithComponents } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { changeEmailValidator } from "../../../auth/validators";
import { Captcha, type CaptchaFallbackData } from "../Captcha";
import { TextField } from "../Field";
import { FormAlert, formErrorOf, SubmitButton } from "../FormParts";

export interface EmailChangeData {
  email: string;
  pendingEmail: string | null;
  captcha: CaptchaFallbackData;
}

export function EmailChangeForm({ data, fetcher }: { data: EmailChangeData; fetcher?: FetcherWithComponents<unknown> }) {
  const actionData: unknown = useActionData();
  const result = fetcher ? fetcher.data : actionData;
  const sentTo = result && typeof result === "object" && "sentTo" in result && typeof result.sentTo === "string" ? result.sentTo : null;
  if (sentTo) {
    return (
      <div className="form-notice" role="status">
        We have sent a link to <strong>{sentTo}</strong>. Your email address changes when you follow it; until then it stays {data.email}.
      </div>
    );
  }
  return (
    <ValidatedForm validator={changeEmailValidator} method="post" action="/account/settings/email" id="change-email" fetcher={fetcher} noValidate className="form-stack">
      <FormAlert message={formErrorOf(result)} />
      <p className="form-lead">
        Your email address is <strong>{data.email}</strong>. We will send a link to the new address: the change happens when you follow it.
      </p>
      {data.pendingEmail ? <p className="form-lead">You have asked to change it to {data.pendingEmail}: that link is still waiting to be followed.</p> : null}
      <TextField formId="change-email" name="email" label="New email address" type="email" autoComplete="email" inputMode="email" />
      <Captcha formId="change-email" fallback={data.captcha} version={result} />
      <div className="form-actions">
        <SubmitButton pending="Sending…">
          Change email
        </SubmitButton>
      </div>
    </ValidatedForm>
  );
}

import { useActionData, type FetcherWithComponents } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { REFERRAL_MESSAGE_MAX, referralValidator } from "../../members/schemas";
import { Captcha, type CaptchaFallbackData } from "../forms/Captcha";
import { TextField } from "../forms/Field";
import { FormAlert, formErrorOf, SubmitButton } from "../forms/FormParts";
import { TextAreaField } from "../forms/TextAreaField";

export interface ReferralFormData {
  captcha: CaptchaFallbackData;
  points: number;
}

/** The refer-a-friend form, on its page or in the modal; the answer (the invited address) replaces it. */
export function ReferralForm({ data, fetcher }: { data: ReferralFormData; fetcher?: FetcherWithComponents<unknown> }) {
  const actionData: unknown = useActionData();
  const result = fetcher ? fetcher.data : actionData;
  const invited = result && typeof result === "object" && "email" in result && typeof result.email === "string" ? result.email : null;
  if (invited) {
    return (
      <div className="form-notice" role="status">
        Thank you! We have sent your invitation to <strong>{invited}</strong>. When your friend joins and confirms their email address, you will receive {data.points} Treat Points.
      </div>
    );
  }
  return (
    <ValidatedForm validator={referralValidator} method="post" action="/account/refer-a-friend" id="refer-a-friend" fetcher={fetcher} noValidate className="form-stack">
      <FormAlert message={formErrorOf(result)} />
      <p className="form-lead">Invite a friend who travels with their dog. When they join through your invitation and confirm their email address, you receive {data.points} Treat Points.</p>
      <TextField formId="refer-a-friend" name="email" label="Your friend's email address" type="email" autoComplete="off" inputMode="email" maxLength={254} />
      <TextAreaField formId="refer-a-friend" name="message" label="A message for your friend" max={REFERRAL_MESSAGE_MAX} rows={3} />
      <Captcha formId="refer-a-friend" fallback={data.captcha} version={result} />
      <div className="form-actions">
        <SubmitButton variant="accent" pending="Sending…">
          Send invitation
        </SubmitButton>
      </div>
    </ValidatedForm>
  );
}

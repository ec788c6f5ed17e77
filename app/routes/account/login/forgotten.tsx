import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { clientOf } from "../../../auth/client.server";
import { validatedAction } from "../../../auth/forms.server";
import { requestPasswordReset } from "../../../auth/password-reset.server";
import { forgottenValidator } from "../../../auth/validators";
import { checkCaptcha, createFallbackQuestion } from "../../../captcha/captcha.server";
import { Captcha } from "../../../components/forms/Captcha";
import { TextField } from "../../../components/forms/Field";
import { FormAlert, formErrorOf, Honeypot, SubmitButton } from "../../../components/forms/FormParts";
import formStyles from "../../../styles/forms.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: formStyles }];

export const meta: MetaFunction = () => [
  { title: "Forgotten your password? — Pawroute" },
  { name: "description", content: "Ask for a link to choose a new password for your Pawroute account." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { captcha: createFallbackQuestion("forgotten", clientOf(request, context).ip) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return validatedAction(
    request,
    forgottenValidator,
    async ({ email }, form) => {
      await checkCaptcha(form, "forgotten", clientOf(request, context).ip);
      await requestPasswordReset(email, clientOf(request, context));
      return data({ sentTo: email });
    },
    { honeypot: true },
  );
}

export default function Forgotten() {
  const { captcha } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const sentTo = actionData && "sentTo" in actionData ? actionData.sentTo : null;
  return (
    <div className="container auth-page">
      <div className="auth-card">
        <h1>Forgotten your password?</h1>
        {sentTo ? (
          <div aria-live="polite">
            <p>
              If <strong>{sentTo}</strong> belongs to a Pawroute account, we have sent it a link to choose a new password. The link works once, for one hour.
            </p>
            <p className="auth-card__switch">
              Remembered it? <Link to="/account/login/">Log in</Link>
            </p>
          </div>
        ) : (
          <>
            <p className="auth-card__lead">Enter the email address of your account and we will send you a link to choose a new password.</p>
            <ValidatedForm validator={forgottenValidator} method="post" id="forgotten" noValidate className="form-stack">
              <FormAlert message={formErrorOf(actionData)} />
              <TextField formId="forgotten" name="email" label="Email address" type="email" autoComplete="email" inputMode="email" />
              <Captcha formId="forgotten" fallback={captcha} version={actionData} />
              <Honeypot />
              <div className="form-actions">
                <SubmitButton pending="Sending…">
                  Send me a link
                </SubmitButton>
                <Link to="/account/login/">Back to log in</Link>
              </div>
            </ValidatedForm>
          </>
        )}
      </div>
    </div>
  );
}

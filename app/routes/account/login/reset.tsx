import { type ActionFunctionArgs, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { clientOf } from "../../../auth/client.server";
import { redirectWithFlash } from "../../../auth/flash.server";
import { validatedAction } from "../../../auth/forms.server";
import { describeResetLink, resetPassword, RESET_SUCCESS } from "../../../auth/password-reset.server";
import { resetValidator } from "../../../auth/validators";
import { checkCaptcha, createFallbackQuestion } from "../../../captcha/captcha.server";
import { Captcha } from "../../../components/forms/Captcha";
import { TextField } from "../../../components/forms/Field";
import { FormAlert, formErrorOf, Honeypot, SubmitButton } from "../../../components/forms/FormParts";
import formStyles from "../../../styles/forms.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: formStyles }];

export const meta: MetaFunction = () => [
  { title: "Choose a new password — Pawroute" },
  { name: "description", content: "Choose a new password for your Pawroute account." },
];

/** The token is in the address: never pass it on to another site (same-origin keeps the Origin header on our own POSTs). */
export const headers: HeadersFunction = () => ({ "Referrer-Policy": "same-origin" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await describeResetLink(token);
  return { token, link, captcha: createFallbackQuestion("reset", clientOf(request, context).ip) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return validatedAction(
    request,
    resetValidator,
    async ({ token, password }, form) => {
      await checkCaptcha(form, "reset", clientOf(request, context).ip);
      await resetPassword(token, password, clientOf(request, context));
      return redirectWithFlash("/account/login/", RESET_SUCCESS);
    },
    { honeypot: true },
  );
}

export default function Reset() {
  const { token, link, captcha } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="container auth-page">
      <div className="auth-card">
        <h1>Choose a new password</h1>
        {link.valid ? (
          <ValidatedForm validator={resetValidator} method="post" id="reset" noValidate className="form-stack">
            <FormAlert message={formErrorOf(actionData)} />
            <input type="hidden" name="token" value={token} />
            <TextField formId="reset" name="password" label="New password" type="password" autoComplete="new-password" hint="At least 8 characters." />
            <TextField formId="reset" name="passwordRepeat" label="Repeat your new password" type="password" autoComplete="new-password" />
            <Captcha formId="reset" fallback={captcha} version={actionData} />
            <Honeypot />
            <div className="form-actions">
              <SubmitButton pending="Saving…">
                Save my new password
              </SubmitButton>
            </div>
          </ValidatedForm>
        ) : (
          <>
            <FormAlert message={link.message} />
            <p>
              <Link to="/account/login/forgotten" className="button">
                Ask for a new link
              </Link>
            </p>
          </>
        )}
      </div>
    </div>
  );
}

import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { readFlash } from "../../../auth/flash.server";
import { validatedAction } from "../../../auth/forms.server";
import { redirectIfLoggedIn } from "../../../auth/guards.server";
import { logIn } from "../../../auth/login.server";
import { LOGIN_REASONS, loginReasonOf, safeRedirect } from "../../../auth/redirect";
import { loginValidator } from "../../../auth/validators";
import { TextField } from "../../../components/forms/Field";
import { FormAlert, formErrorOf, Honeypot, Notice, SubmitButton } from "../../../components/forms/FormParts";
import formStyles from "../../../styles/forms.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: formStyles }];

export const meta: MetaFunction = () => [
  { title: "Log in — Pawroute" },
  { name: "description", content: "Log in to Pawroute to save favourite places, write reviews and collect Treat Points." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "/account");
  await redirectIfLoggedIn(request, redirectTo);
  const flash = await readFlash(request);
  const reason = loginReasonOf(url.searchParams.get("reason"));
  return data({ redirectTo, flash: flash.message, reason: reason ? LOGIN_REASONS[reason] : null }, { headers: flash.headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return validatedAction(request.clone(), loginValidator, (credentials) => logIn(request, context, credentials), { honeypot: true });
}

export default function LogIn() {
  const { redirectTo, flash, reason } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const joinHref = redirectTo === "/account" ? "/join" : `/join?redirectTo=${encodeURIComponent(redirectTo)}`;
  return (
    <div className="container auth-page">
      <div className="auth-card">
        <h1>Log in</h1>
        {reason ? (
          <p className="form-lead form-lead--reason" role="status">
            {reason} <Link to={joinHref}>Join for free</Link>
          </p>
        ) : (
          <p className="auth-card__lead">Welcome back! Log in to collect Treat Points, keep your favourites and manage your account.</p>
        )}
        <Notice message={flash} />
        <ValidatedForm validator={loginValidator} method="post" id="login" noValidate className="form-stack">
          <FormAlert message={formErrorOf(actionData)} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextField formId="login" name="email" label="Email address" type="email" autoComplete="email" inputMode="email" />
          <TextField formId="login" name="password" label="Password" type="password" autoComplete="current-password" />
          <Honeypot />
          <div className="form-actions">
            <SubmitButton pending="Logging in…">
              Log in
            </SubmitButton>
            <Link to="/account/login/forgotten">Forgotten your password?</Link>
          </div>
        </ValidatedForm>
        <p className="auth-card__switch">
          New to Pawroute? <Link to={joinHref}>Join for free</Link>
        </p>
      </div>
    </div>
  );
}

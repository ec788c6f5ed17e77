import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { clientOf } from "../../auth/client.server";
import { validatedAction } from "../../auth/forms.server";
import { redirectIfLoggedIn } from "../../auth/guards.server";
import { join } from "../../auth/join.server";
import { safeRedirect } from "../../auth/redirect";
import { joinValidator } from "../../auth/validators";
import { recordReferralJoin, referralForJoin } from "../../members/referral.server";
import { TextField } from "../../components/forms/Field";
import { FormAlert, formErrorOf, Honeypot, SubmitButton } from "../../components/forms/FormParts";
import formStyles from "../../styles/forms.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: formStyles }];

export const meta: MetaFunction = () => [
  { title: "Join Pawroute — it's free" },
  { name: "description", content: "Join Pawroute to collect Treat Points, keep favourites lists and review dog-friendly places." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "/account");
  await redirectIfLoggedIn(request, redirectTo);
  return { redirectTo, referral: await referralForJoin(url.searchParams.get("ref")) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return validatedAction(
    request,
    joinValidator,
    async (account, form) => {
      await join(account, clientOf(request, context));
      const ref = form.get("ref");
      await recordReferralJoin(typeof ref === "string" ? ref : null, account.email);
      return data({ joined: account.email });
    },
    { honeypot: true },
  );
}

export default function Join() {
  const { redirectTo, referral } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const joined = actionData && "joined" in actionData ? actionData.joined : null;
  const loginHref = redirectTo === "/account" ? "/account/login/" : `/account/login/?redirectTo=${encodeURIComponent(redirectTo)}`;

  if (joined) {
    return (
      <div className="container auth-page">
        <div className="auth-card" aria-live="polite">
          <h1>Check your inbox</h1>
          <p>
            We have sent a mail to <strong>{joined}</strong>. Follow the link in it to confirm your address and finish joining. The link works for 48 hours.
          </p>
          <p className="auth-card__switch">
            No mail after a few minutes? Look in your spam folder, or <Link to="/join">try again</Link>. Already have an account? <Link to={loginHref}>Log in</Link>
          </p>
        </div>
      </div>
    );
  }

  return (
    <div className="container auth-page">
      <div className="auth-card">
        <h1>Join Pawroute</h1>
        <p className="auth-card__lead">It&apos;s free. Collect Treat Points for your reviews and listings, keep favourites lists and win Treats for your dog.</p>
        {referral ? <p className="form-notice">{referral.referrer} invited you to Pawroute. Join with the address the invitation went to.</p> : null}
        <ValidatedForm validator={joinValidator} method="post" id="join" noValidate className="form-stack" defaultValues={referral ? { email: referral.email } : undefined}>
          <FormAlert message={formErrorOf(actionData)} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {referral ? <input type="hidden" name="ref" value={referral.token} /> : null}
          <TextField formId="join" name="email" label="Email address" type="email" autoComplete="email" inputMode="email" />
          <TextField formId="join" name="password" label="Password" type="password" autoComplete="new-password" hint="At least 8 characters. A few words strung together make a strong password." />
          <TextField formId="join" name="confirmPassword" label="Repeat your password" type="password" autoComplete="new-password" />
          <Honeypot />
          <div className="form-actions">
            <SubmitButton variant="accent" pending="Joining…">
              Join Pawroute
            </SubmitButton>
          </div>
        </ValidatedForm>
        <p className="auth-card__switch">
          Already a member? <Link to={loginHref}>Log in</Link>
        </p>
      </div>
    </div>
  );
}

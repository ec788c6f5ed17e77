import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { clientOf } from "../../auth/client.server";
import { flashHeader } from "../../auth/flash.server";
import { formAction } from "../../auth/forms.server";
import { getSessionUser, sessionCookieHeader } from "../../auth/guards.server";
import { safeRedirect } from "../../auth/redirect";
import { confirmLink, describeVerifyLink, OTHER_ACCOUNT_MESSAGE } from "../../auth/verification.server";
import { BusyButton } from "../../components/forms/BusyButton";
import { FormAlert, formErrorOf } from "../../components/forms/FormParts";
import formStyles from "../../styles/forms.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: formStyles }];

export const meta: MetaFunction = () => [{ title: "Confirm your email address — Pawroute" }];

export const headers: HeadersFunction = () => ({ "Referrer-Policy": "same-origin" });

// Opening the mailed link only shows a button: mail scanners that fetch links must not use them up.
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = (url.searchParams.get("token") ?? "").slice(0, 200);
  const [described, current] = await Promise.all([describeVerifyLink(token), getSessionUser(request)]);
  // The account id stays on the server: the page only learns whether the link is for someone else.
  const link = described.state === "valid" ? { state: described.state, purpose: described.purpose, email: described.email } : described;
  const otherAccount = described.state === "valid" && current !== null && current.id !== described.userId ? OTHER_ACCOUNT_MESSAGE : null;
  return { token, redirectTo: safeRedirect(url.searchParams.get("redirectTo"), "/account"), link, otherAccount, here: url.pathname + url.search };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return formAction(request, async (form) => {
    const token = form.get("token");
    const confirmed = await confirmLink(typeof token === "string" ? token : "", await getSessionUser(request), clientOf(request, context));
    if (confirmed.kind === "changed") return data({ changedTo: confirmed.email });
    const target = safeRedirect(form.get("redirectTo"), "/account");
    const next = confirmed.hasUsername ? target : `/account/set-username?redirectTo=${encodeURIComponent(target)}`;
    const headers = new Headers();
    if (confirmed.sessionToken) headers.append("Set-Cookie", await sessionCookieHeader(confirmed.sessionToken));
    const points = confirmed.pointsAwarded > 0 ? ` Your ${confirmed.pointsAwarded} pending Treat Points have been added.` : "";
    headers.append("Set-Cookie", await flashHeader(`Thank you: your email address is confirmed.${points}`));
    return redirect(next, { headers });
  });
}

export default function Verify() {
  const { token, redirectTo, link, otherAccount, here } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const changedTo = actionData && "changedTo" in actionData ? actionData.changedTo : null;

  if (changedTo) {
    return (
      <div className="container auth-page">
        <div className="auth-card" aria-live="polite">
          <h1>Your email address has changed</h1>
          <p>
            Your account now uses <strong>{changedTo}</strong>.
          </p>
          <p>
            <Link to="/account/settings/" className="button">
              Go to your settings
            </Link>
          </p>
        </div>
      </div>
    );
  }

  return (
    <div className="container auth-page">
      <div className="auth-card">
        <h1>{link.state === "valid" && link.purpose === "change-email" ? "Confirm your new email address" : "Confirm your email address"}</h1>
        {link.state === "valid" && otherAccount ? (
          <Form method="post" action="/logout" className="form-stack">
            <FormAlert message={otherAccount} />
            <input type="hidden" name="redirectTo" value={here} />
            <div className="form-actions">
              <BusyButton action="/logout" pending="Logging out…" className="button button--accent">
                Log out and continue
              </BusyButton>
            </div>
          </Form>
        ) : link.state === "valid" ? (
          <Form method="post" className="form-stack">
            <FormAlert message={formErrorOf(actionData)} />
            <p>
              Press the button to confirm <strong>{link.email}</strong>
              {link.purpose === "change-email" ? " as the new email address of your account." : " as your email address."}
            </p>
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <div className="form-actions">
              <button type="submit" className="button button--accent" disabled={busy}>
                {busy ? "Confirming…" : "Confirm"}
              </button>
            </div>
          </Form>
        ) : (
          <>
            <FormAlert message={formErrorOf(actionData) ?? link.message} />
            <p>
              Logged in? You can ask for a new link from <Link to="/account">your account</Link>.
            </p>
          </>
        )}
      </div>
    </div>
  );
}

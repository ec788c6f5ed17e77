import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { flashHeader } from "../../../auth/flash.server";
import { requireMember, sessionCookieHeader } from "../../../auth/guards.server";
import { endAllSessions } from "../../../auth/session.server";
import { EndAllSessionsForm } from "../../../components/forms/account/EndAllSessionsForm";

export const meta: MetaFunction = () => [{ title: "End all sessions — Pawroute" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return { confirm: true };
}

/** Ends every session of the member, this one included: they are logged out everywhere. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireMember(request);
  await endAllSessions(user.id);
  const headers = new Headers();
  headers.append("Set-Cookie", await sessionCookieHeader(null));
  headers.append("Set-Cookie", await flashHeader("All your sessions have been ended. Log in again to carry on."));
  return redirect("/account/login/", { headers });
}

export default function EndAllSessions() {
  return (
    <div className="container account-page">
      <p className="eyebrow">
        <Link to="/account/settings/">Account settings</Link>
      </p>
      <h1>End all sessions</h1>
      <div className="form-panel">
        <EndAllSessionsForm />
      </div>
    </div>
  );
}

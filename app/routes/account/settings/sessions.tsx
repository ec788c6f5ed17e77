import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { SUCCESS } from "../../../auth/account.server";
import { flashHeader } from "../../../auth/flash.server";
import { formAction, validateForm } from "../../../auth/forms.server";
import { requireMember } from "../../../auth/guards.server";
import { endSession, listSessions } from "../../../auth/session.server";
import { endSessionValidator } from "../../../auth/validators";
import { SessionList } from "../../../components/forms/account/SessionList";
import { formErrorOf } from "../../../components/forms/FormParts";
import { AppError } from "../../../errors";

export const meta: MetaFunction = () => [{ title: "Your sessions — Pawroute" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  const sessions = await listSessions(user.id, user.sessionId);
  return { sessions: sessions.map((session) => ({ ...session, createdAt: session.createdAt.toISOString(), lastUsedAt: session.lastUsedAt.toISOString() })) };
}

/** Ends one of the member's own sessions; another member's session id is simply not found. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireMember(request);
  return formAction(request, async (form) => {
    const valid = await validateForm(endSessionValidator, form);
    if (!valid.ok) return valid.response;
    if (valid.data.sessionId === user.sessionId) throw new AppError(400, "To end this browser's session, log out.");
    if (!(await endSession(user.id, valid.data.sessionId))) throw new AppError(404, "That session could not be found: it may have ended already.");
    return redirect("/account/settings/", { headers: { "Set-Cookie": await flashHeader(SUCCESS.sessionEnded) } });
  });
}

export default function Sessions() {
  const { sessions } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="container account-page">
      <p className="eyebrow">
        <Link to="/account/settings/">Account settings</Link>
      </p>
      <h1>Where you are logged in</h1>
      <SessionList sessions={sessions} message={formErrorOf(actionData)} />
      <p>
        <Link to="/account/settings/sessions/end-all" className="button button--danger">
          End all sessions
        </Link>
      </p>
    </div>
  );
}

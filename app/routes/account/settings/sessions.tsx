import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { SUCCESS } from "../../../auth/account.server";
import { endSession, listSessions } from "../../../auth/session.server";
import { backToSettings, settingsAction, settingsLoader } from "../../../auth/settings.server";
import { endSessionValidator } from "../../../auth/validators";
import { SessionList } from "../../../components/forms/account/SessionList";
import { SettingsPage } from "../../../components/forms/account/SettingsPage";
import { formErrorOf } from "../../../components/forms/FormParts";
import { AppError } from "../../../../core/errors";

export const meta: MetaFunction = () => [{ title: "Your sessions — Pawroute" }];

export const loader = settingsLoader(async (user) => ({ sessions: await listSessions(user.id, user.sessionId) }));

/** Ends one of the member's own sessions; another member's session id is simply not found. */
export const action = settingsAction(endSessionValidator, async (user, { sessionId }) => {
  if (sessionId === user.sessionId) throw new AppError(400, "To end this browser's session, log out.");
  if (!(await endSession(user.id, sessionId))) throw new AppError(404, "That session could not be found: it may have ended already.");
  return backToSettings(SUCCESS.sessionEnded);
});

export default function Sessions() {
  const { sessions } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <SettingsPage title="Where you are logged in" panel={false}>
      <SessionList sessions={sessions} message={formErrorOf(actionData)} />
      <p>
        <Link to="/account/settings/sessions/end-all" className="button button--danger">
          End all sessions
        </Link>
      </p>
    </SettingsPage>
  );
}

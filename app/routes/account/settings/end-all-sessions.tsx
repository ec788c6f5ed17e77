import { redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { flashHeader } from "../../../auth/flash.server";
import { readForm } from "../../../auth/forms.server";
import { requireMember, sessionCookieHeader } from "../../../auth/guards.server";
import { endAllSessions } from "../../../auth/session.server";
import { settingsLoader } from "../../../auth/settings.server";
import { EndAllSessionsForm } from "../../../components/forms/account/EndAllSessionsForm";
import { SettingsPage } from "../../../components/forms/account/SettingsPage";

export const meta: MetaFunction = () => [{ title: "End all sessions — Pawroute" }];

export const loader = settingsLoader(() => ({ confirm: true }));

/** Ends every session of the member, this one included: they are logged out everywhere (so not back to the settings page). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireMember(request);
  // No fields, but only the page's own form ends every session: a body that is not a form is a 415.
  await readForm(request);
  await endAllSessions(user.id);
  const headers = new Headers();
  headers.append("Set-Cookie", await sessionCookieHeader(null));
  headers.append("Set-Cookie", await flashHeader("All your sessions have been ended. Log in again to carry on."));
  return redirect("/account/login/", { headers });
}

export default function EndAllSessions() {
  return (
    <SettingsPage title="End all sessions">
      <EndAllSessionsForm />
    </SettingsPage>
  );
}

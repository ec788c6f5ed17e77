import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { pendingEmailChange } from "../../../auth/account-tokens.server";
import { currentAddress, emailSettings, listCount } from "../../../auth/account.server";
import { readFlash } from "../../../auth/flash.server";
import { refuseSubmission, requireMember } from "../../../auth/guards.server";
import { listSessions } from "../../../auth/session.server";
import { settingsLoader } from "../../../auth/settings.server";
import { AddressForm } from "../../../components/forms/account/AddressForm";
import { EmailChangeForm } from "../../../components/forms/account/EmailChangeForm";
import { EmailSettingsForm } from "../../../components/forms/account/EmailSettingsForm";
import { EndAllSessionsForm } from "../../../components/forms/account/EndAllSessionsForm";
import { PasswordForm } from "../../../components/forms/account/PasswordForm";
import { Notice } from "../../../components/forms/FormParts";
import { SessionList } from "../../../components/forms/account/SessionList";
import { SettingsModalLink } from "../../../components/forms/SettingsModalLink";
import type { loader as addressLoader } from "./address";
import type { loader as emailLoader } from "./email";
import type { loader as emailSettingsLoader } from "./email-settings";
import type { loader as endAllLoader } from "./end-all-sessions";
import type { loader as passwordLoader } from "./password";

export const meta: MetaFunction = () => [{ title: "Account settings — Pawroute" }];

export const loader = settingsLoader(async (user, request) => {
  const [address, lists, sessions, pendingEmail, flash] = await Promise.all([
    currentAddress(user.id),
    emailSettings(user.id),
    listSessions(user.id, user.sessionId),
    pendingEmailChange(user.id),
    readFlash(request),
  ]);
  return data(
    {
      email: user.email,
      pendingEmail,
      hasPassword: user.hasPassword,
      address,
      subscribed: listCount(lists.filter((list) => list.subscribed).length),
      sessions,
      flash: flash.message,
    },
    { headers: flash.headers },
  );
});

export function action({ request }: ActionFunctionArgs) {
  return refuseSubmission(request, requireMember);
}

export default function Settings() {
  const { email, pendingEmail, hasPassword, address, subscribed, sessions, flash } = useLoaderData<typeof loader>();
  return (
    <div className="container account-page">
      <p className="eyebrow">
        <Link to="/account">Your account</Link>
      </p>
      <h1>Account settings</h1>
      <Notice message={flash} />

      <ul className="settings-list">
        <li className="settings-item">
          <div>
            <h2 className="settings-item__title">Email address</h2>
            <p className="settings-item__value">{email}</p>
            {pendingEmail ? <p className="settings-item__note">Waiting for you to confirm {pendingEmail}</p> : null}
          </div>
          <SettingsModalLink<typeof emailLoader>
            href="/account/settings/email"
            title="Change email"
            label="Change email"
            className="button button--quiet"
            render={(data, fetcher) => <EmailChangeForm data={data} fetcher={fetcher} />}
          />
        </li>
        <li className="settings-item">
          <div>
            <h2 className="settings-item__title">Password</h2>
            <p className="settings-item__value">{hasPassword ? "••••••••" : "No password yet"}</p>
          </div>
          <SettingsModalLink<typeof passwordLoader>
            href="/account/settings/password"
            title={hasPassword ? "Change password" : "Set a password"}
            label={hasPassword ? "Change password" : "Set a password"}
            className="button button--quiet"
            render={(data, fetcher) => <PasswordForm data={data} fetcher={fetcher} />}
          />
        </li>
        <li className="settings-item">
          <div>
            <h2 className="settings-item__title">Address</h2>
            {address ? (
              <address className="settings-item__value">
                {[address.address1, address.address2, address.town, address.county, address.postcode, address.country.name].filter(Boolean).join(", ")}
              </address>
            ) : (
              <p className="settings-item__value">No address yet</p>
            )}
          </div>
          <SettingsModalLink<typeof addressLoader>
            href="/account/settings/address"
            title="Change address"
            label={address ? "Change address" : "Add address"}
            className="button button--quiet"
            render={(data, fetcher) => <AddressForm data={data} fetcher={fetcher} />}
          />
        </li>
        <li className="settings-item">
          <div>
            <h2 className="settings-item__title">Email settings</h2>
            <p className="settings-item__value">You are subscribed to {subscribed}</p>
          </div>
          <SettingsModalLink<typeof emailSettingsLoader>
            href="/account/settings/email-settings"
            title="Email settings"
            label="Edit email settings"
            className="button button--quiet"
            render={(data, fetcher) => <EmailSettingsForm data={data} fetcher={fetcher} />}
          />
        </li>
      </ul>

      <section className="sessions" aria-labelledby="sessions-heading">
        <div className="sessions__header">
          <h2 id="sessions-heading">Where you are logged in</h2>
          <SettingsModalLink<typeof endAllLoader>
            href="/account/settings/sessions/end-all"
            title="End all sessions"
            label="End all sessions"
            className="button button--danger"
            render={(_data, _fetcher, close) => <EndAllSessionsForm onCancel={close} />}
          />
        </div>
        <SessionList sessions={sessions} />
      </section>
    </div>
  );
}

import { data, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { pendingEmailChange } from "../../../auth/account-tokens.server";
import { currentAddress, emailSettings, listCount } from "../../../auth/account.server";
import { readFlash } from "../../../auth/flash.server";
import { refuseMemberSubmission } from "../../../auth/guards.server";
import { listSessions } from "../../../auth/session.server";
import { settingsLoader } from "../../../auth/settings.server";
import { AddressForm } from "../../../components/forms/account/AddressForm";
import { EmailChangeForm } from "../../../components/forms/account/EmailChangeForm";
import { EmailSettingsForm } from "../../../components/forms/account/EmailSettingsForm";
import { EndAllSessionsForm } from "../../../components/forms/account/EndAllSessionsForm";
import { PasswordForm } from "../../../components/forms/account/PasswordForm";
import { SessionList } from "../../../components/forms/account/SessionList";
import { SettingsModalLink, type SettingsModalLinkProps } from "../../../components/forms/SettingsModalLink";
import type { loader as addressLoader } from "./address";
import type { loader as emailLoader } from "./email";
import type { loader as emailSettingsLoader } from "./email-settings";
import type { loader as endAllLoader } from "./end-all-sessions";
import type { loader as passwordLoader } from "./password";
import { AccountPage } from "../../../components/account/AccountPage";

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

export const action = refuseMemberSubmission;

/** One setting: its name and value, and the link (a modal with JavaScript) that changes it. */
function SettingsItem<L>({ heading, children, ...link }: { heading: string; children: ReactNode } & SettingsModalLinkProps<L>) {
  return (
    <li className="settings-item">
      <div>
        <h2 className="settings-item__title">{heading}</h2>
        {children}
      </div>
      <SettingsModalLink<L> className="button button--quiet" {...link} />
    </li>
  );
}

export default function Settings() {
  const { email, pendingEmail, hasPassword, address, subscribed, sessions, flash } = useLoaderData<typeof loader>();
  return (
    <AccountPage title="Account settings" notice={flash}>

      <ul className="settings-list">
        <SettingsItem<typeof emailLoader>
          heading="Email address"
          href="/account/settings/email"
          title="Change email"
          label="Change email"
          render={(data, fetcher) => <EmailChangeForm data={data} fetcher={fetcher} />}
        >
          <p className="settings-item__value">{email}</p>
          {pendingEmail ? <p className="settings-item__note">Waiting for you to confirm {pendingEmail}</p> : null}
        </SettingsItem>
        <SettingsItem<typeof passwordLoader>
          heading="Password"
          href="/account/settings/password"
          title={hasPassword ? "Change password" : "Set a password"}
          label={hasPassword ? "Change password" : "Set a password"}
          render={(data, fetcher) => <PasswordForm data={data} fetcher={fetcher} />}
        >
          <p className="settings-item__value">{hasPassword ? "••••••••" : "No password yet"}</p>
        </SettingsItem>
        <SettingsItem<typeof addressLoader>
          heading="Address"
          href="/account/settings/address"
          title="Change address"
          label={address ? "Change address" : "Add address"}
          render={(data, fetcher) => <AddressForm data={data} fetcher={fetcher} />}
        >
          {address ? (
            <address className="settings-item__value">
              {[address.address1, address.address2, address.town, address.county, address.postcode, address.country.name].filter(Boolean).join(", ")}
            </address>
          ) : (
            <p className="settings-item__value">No address yet</p>
          )}
        </SettingsItem>
        <SettingsItem<typeof emailSettingsLoader>
          heading="Email settings"
          href="/account/settings/email-settings"
          title="Email settings"
          label="Edit email settings"
          render={(data, fetcher) => <EmailSettingsForm data={data} fetcher={fetcher} />}
        >
          <p className="settings-item__value">You are subscribed to {subscribed}</p>
        </SettingsItem>
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
    </AccountPage>
  );
}

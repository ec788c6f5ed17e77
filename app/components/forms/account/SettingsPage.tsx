import type { ReactNode } from "react";
import { AccountPage } from "../../account/AccountPage";

const ACCOUNT_SETTINGS = { to: "/account/settings/", label: "Account settings" };

/** A settings sub-page opened without JavaScript (with it, the same form opens in a modal on /account/settings/). */
export function SettingsPage({ title, panel = true, children }: { title: string; panel?: boolean; children: ReactNode }) {
  return (
    <AccountPage title={title} back={ACCOUNT_SETTINGS} panel={panel}>
      {children}
    </AccountPage>
  );
}

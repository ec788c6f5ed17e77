import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** A settings sub-page opened without JavaScript (with it, the same form opens in a modal on /account/settings/). */
export function SettingsPage({ title, panel = true, children }: { title: string; panel?: boolean; children: ReactNode }) {
  return (
    <div className="container account-page">
      <p className="eyebrow">
        <Link to="/account/settings/">Account settings</Link>
      </p>
      <h1>{title}</h1>
      {panel ? <div className="form-panel">{children}</div> : children}
    </div>
  );
}

import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Notice } from "../forms/FormParts";

const YOUR_ACCOUNT = { to: "/account", label: "Your account" };

/**
 * The frame of a page in the member's account: the way back above the heading, the page's notice (a
 * flash message) and its content, in a form panel where the page is one form.
 */
export function AccountPage({
  title,
  className,
  notice,
  back = YOUR_ACCOUNT,
  backClassName,
  panel = false,
  children,
}: {
  title: ReactNode;
  /** Extra classes on the page (e.g. "favourites-page"). */
  className?: string;
  notice?: string | null;
  back?: { to: string; label: string };
  backClassName?: string;
  panel?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={className ? `container account-page ${className}` : "container account-page"}>
      <p className={backClassName ? `eyebrow ${backClassName}` : "eyebrow"}>
        <Link to={back.to}>{back.label}</Link>
      </p>
      <h1>{title}</h1>
      <Notice message={notice} />
      {panel ? <div className="form-panel">{children}</div> : children}
    </div>
  );
}

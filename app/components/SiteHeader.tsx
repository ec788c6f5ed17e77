import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { KeyboardEvent } from "react";
import { loginPath } from "../auth/redirect";
import { builtSections } from "../navigation";
import { AccountMenu } from "./AccountMenu";
import { CloseIcon, MenuIcon, PawIcon } from "./icons";
import { MoreMenu } from "./MoreMenu";

export interface HeaderUser {
  username: string | null;
  isAdmin: boolean;
}

/** "Log in" and "Join" bring the visitor back to the page they were on (not to another account page). */
function withReturn(to: string, here: string): string {
  if (here === "/" || here.startsWith("/account/login") || here.startsWith("/join") || here.startsWith("/logout")) return to;
  if (to === "/account/login/") return loginPath(here);
  if (to === "/join") return `/join?redirectTo=${encodeURIComponent(here)}`;
  return to;
}

function NavItems({ signedIn, mobile = false }: { signedIn: boolean; mobile?: boolean }) {
  const location = useLocation();
  // A member's account corner is the account menu; a visitor's "Log in" comes back to this page.
  const sections = [...builtSections("main"), ...(signedIn ? [] : builtSections("account", false))];
  const here = location.pathname + location.search;
  return (
    <ul className="nav-list">
      {sections.map((item) => (
        <li key={item.to}>
          <NavLink to={withReturn(item.to, here)} end={item.to === "/"}>
            {item.label}
          </NavLink>
        </li>
      ))}
      <li>
        <MoreMenu remember={mobile} />
      </li>
    </ul>
  );
}

/**
 * Brand and main navigation. Under 960 px the menu is a <details> disclosure, so it opens without
 * JavaScript and the browser makes it keyboard accessible; with JavaScript it also closes on
 * navigation and on Escape.
 */
export function SiteHeader({ user }: { user: HeaderUser | null }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.key]);

  function closeOnEscape(event: KeyboardEvent<HTMLDetailsElement>) {
    if (event.key !== "Escape" || !menu.current?.open) return;
    menu.current.open = false;
    menu.current.querySelector("summary")?.focus();
  }

  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <Link to="/" className="brand">
          <span className="brand__mark">
            <PawIcon size={22} />
          </span>
          Pawroute
          <span className="brand__tagline">Dog-friendly UK &amp; France</span>
        </Link>

        <nav aria-label="Main" className="main-nav">
          <NavItems signedIn={user !== null} />
        </nav>
        {user ? <AccountMenu user={user} placement="header" /> : null}

        <details className="mobile-menu" ref={menu} onKeyDown={closeOnEscape}>
          <summary>
            <span className="mobile-menu__open">
              <MenuIcon size={20} />
            </span>
            <span className="mobile-menu__close">
              <CloseIcon size={20} />
            </span>
            Menu
          </summary>
          <nav aria-label="Main" className="mobile-menu__panel">
            <NavItems signedIn={user !== null} mobile />
            {user ? <AccountMenu user={user} placement="panel" /> : null}
          </nav>
        </details>
      </div>
    </header>
  );
}

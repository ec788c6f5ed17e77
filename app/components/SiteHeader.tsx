import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { KeyboardEvent } from "react";
import { builtSections } from "../navigation";
import { CloseIcon, MenuIcon, PawIcon } from "./icons";

export interface HeaderUser {
  username: string | null;
  isAdmin: boolean;
}

function NavItems({ signedIn }: { signedIn: boolean }) {
  const sections = [...builtSections("main"), ...builtSections("account", signedIn)];
  return (
    <ul className="nav-list">
      {sections.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.to === "/"}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function UserBadge({ user }: { user: HeaderUser }) {
  return (
    <span className="site-header__user">
      <PawIcon size={16} />
      {user.username ?? "Your account"}
      {user.isAdmin ? " (admin)" : null}
    </span>
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
        {user ? <UserBadge user={user} /> : null}

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
            <NavItems signedIn={user !== null} />
            {user ? (
              <p className="mobile-menu__user">
                <UserBadge user={user} />
              </p>
            ) : null}
          </nav>
        </details>
      </div>
    </header>
  );
}

import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { KeyboardEvent } from "react";
import { loginPath } from "../auth/redirect";
import { SUB_NAVIGATION, builtSections, inSection, sectionMenu, type MenuCategory } from "../navigation";
import { AccountMenu } from "./AccountMenu";
import { CloseIcon, MenuIcon, PawIcon } from "./icons";
import { MoreMenu } from "./MoreMenu";
import { HeaderLink, MenuLinks, NavDropdown } from "./nav/NavDropdown";
import { useDelegatedLinks } from "./nav/useDelegatedLinks";
import { KeptOnServer } from "../ops/page-context";
import { useHeaderOffset } from "./nav/useHeaderOffset";

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

function NavItems({ signedIn, categories, mobile = false }: { signedIn: boolean; categories: readonly MenuCategory[]; mobile?: boolean }) {
  const location = useLocation();
  // A member's account corner is the account menu; a visitor's "Log in" comes back to this page.
  const sections = [...builtSections("main"), ...(signedIn ? [] : builtSections("account", false))];
  const here = location.pathname + location.search;
  return (
    <ul className="nav-list">
      {sections.map((item) => {
        const menu = sectionMenu(item.to, categories);
        return (
          <li key={item.to}>
            {menu ? (
              <NavDropdown label={item.label} links={menu} mobile={mobile} current={inSection(item.to, location.pathname)} />
            ) : (
              <HeaderLink to={withReturn(item.to, here)} pathname={location.pathname} end={item.to === "/"}>
                {item.label}
              </HeaderLink>
            )}
          </li>
        );
      })}
      <li>
        <MoreMenu remember={mobile} />
      </li>
    </ul>
  );
}

/** The sub-navigation: a row of search shortcuts under the header (a scrolling strip on phones). */
function SubNav() {
  return (
    <nav aria-label="Find stops" className="sub-nav">
      <MenuLinks links={SUB_NAVIGATION} className="sub-nav__list container" />
    </nav>
  );
}

/**
 * Brand and main navigation, with the sub-navigation below (useHeaderOffset: sticky from 960 px,
 * the sub-navigation hiding on scroll down). Under 960 px the menu is a <details> disclosure, so it opens without
 * JavaScript and the browser makes it keyboard accessible; with JavaScript it also closes on
 * navigation and on Escape.
 */
/** The key of a visitor's header inside: the address and the blog menu's categories, spelled out. */
function visitorHeaderKey(here: string, categories: readonly MenuCategory[]): string {
  let key = `site-header\n${here}`;
  for (const category of categories) key += `\n${category.slug}\t${category.name}`;
  return key;
}

export function SiteHeader({ user, blogCategories = [] }: { user: HeaderUser | null; blogCategories?: readonly MenuCategory[] }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const header = useRef<HTMLElement>(null);
  const location = useLocation();
  const followLink = useDelegatedLinks();
  useHeaderOffset(header);

  // Closed on each navigation, not on hydration: a menu opened before the scripts ran stays open.
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    if (menu.current) menu.current.open = false;
  }, [location.key]);

  function closeOnEscape(event: KeyboardEvent<HTMLDetailsElement>) {
    if (event.key !== "Escape" || !menu.current?.open) return;
    menu.current.open = false;
    menu.current.querySelector("summary")?.focus();
  }

  const inside = (
    <>
      <div className="site-header__bar">
        <div className="site-header__inner container">
          <a href="/" className="brand">
            <span className="brand__mark">
              <PawIcon size={22} />
            </span>
            Pawroute
            <span className="brand__tagline">Dog-friendly UK &amp; France</span>
          </a>

          <nav aria-label="Main" className="main-nav">
            <NavItems signedIn={user !== null} categories={blogCategories} />
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
              <NavItems signedIn={user !== null} categories={blogCategories} mobile />
              {user ? <AccountMenu user={user} placement="panel" /> : null}
            </nav>
          </details>
        </div>
      </div>
      <SubNav />
    </>
  );

  return (
    // Its links are plain <a>: this one handler navigates within the app for all of them.
    <header className="site-header" ref={header} data-subnav="shown" onClick={followLink}>
      {user === null ? (
        // A visitor's header is the same on every visit to this address (its links, the 'Log in' that comes
        // back here): the server renders its inside once per address and blog menu (decision 0342).
        <KeptOnServer by={visitorHeaderKey(location.pathname + location.search, blogCategories)}>{inside}</KeptOnServer>
      ) : (
        inside
      )}
    </header>
  );
}

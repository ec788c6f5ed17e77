import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import type { ReactNode } from "react";
import { readBrowserCookie, writeBrowserCookie } from "../../../kit/cookies";
import { inSection, type MenuLink } from "../../navigation";
import { usePageContext } from "../../ops/page-context";
import { MAIN_MENU_HOVER, useDropdown } from "./useDropdown";

/**
 * A header link: a plain `<a>` (the header's one click handler navigates within the app:
 * useDelegatedLinks), marked as the current page when its path (without the query) is the page's,
 * letter case aside, or with `end` off when the page is in its section (`inSection`, as the dropdowns'
 * summaries). `pathname` null: never current. A `<Link>` or `<NavLink>` each cost the server's render
 * their hooks, and the header holds about 50 links (docs/decisions/0195).
 */
export function HeaderLink({ to, pathname, end = true, children }: { to: string; pathname: string | null; end?: boolean; children: ReactNode }) {
  const path = to.split(/[?#]/)[0].toLowerCase();
  const here = pathname?.toLowerCase();
  const current = here !== undefined && (end ? here === path : inSection(path, here));
  return (
    <a href={to} aria-current={current ? "page" : undefined}>
      {children}
    </a>
  );
}

/** Whether a menu link is marked current on `pathname` (as HeaderLink marks it; never one with a query string). */
function isCurrentLink(to: string, pathname: string): boolean {
  return !to.includes("?") && to.split(/[?#]/)[0].toLowerCase() === pathname.toLowerCase();
}

function MenuItems({ links, pathname }: { links: readonly MenuLink[]; pathname: string | null }) {
  return (
    <>
      {links.map((item) => (
        <li key={item.to}>
          <HeaderLink to={item.to} pathname={item.to.includes("?") ? null : pathname}>
            {item.label}
          </HeaderLink>
        </li>
      ))}
    </>
  );
}

/**
 * A list of menu links. A link whose address has a query string is never marked current: the path
 * alone would make '/?tab=road' claim to be the current page on every visit to '/'.
 * On the server, a list with no link current on this page is the same on every such page: its inside is
 * rendered once per list of links (`staticMarkup`, decision 0326); the browser renders and hydrates it.
 */
export function MenuLinks({ links, className }: { links: readonly MenuLink[]; className: string }) {
  const { pathname } = useLocation();
  const { staticMarkup } = usePageContext();
  if (staticMarkup && !links.some((item) => isCurrentLink(item.to, pathname))) {
    let key = "menu-links";
    for (const item of links) key += `\n${item.to}\t${item.label}`;
    const html = staticMarkup(key, () => <MenuItems links={links} pathname={null} />);
    return <ul className={className} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return (
    <ul className={className}>
      <MenuItems links={links} pathname={pathname} />
    </ul>
  );
}

function cookieSays(name: string): boolean {
  return readBrowserCookie(name) === "open";
}

interface NavDropdownProps {
  label: string;
  links: readonly MenuLink[];
  /** In the phone menu: no hover, and it stays as the user left it. Otherwise a desktop dropdown. */
  mobile: boolean;
  /** A cookie that keeps the open state (for a year) in the phone menu. */
  rememberAs?: string;
  /** The page is in this menu's section: the summary is underlined like a current link. */
  current?: boolean;
  className?: string;
}

/**
 * A main-menu dropdown (docs/decisions/0150, 0151) as a <details> disclosure: it opens by click or
 * keyboard without JavaScript. With it (useDropdown) the arrow keys, Home, End and Escape work, and on the
 * desktop it opens on hover from 1180 px with an overlay behind it and closes on navigation or a click elsewhere.
 */
export function NavDropdown({ label, links, mobile, rememberAs, current = false, className = "" }: NavDropdownProps) {
  const { ref: menu, ...handlers } = useDropdown({ hover: mobile ? null : MAIN_MENU_HOVER, transient: !mobile });
  const cookie = mobile ? rememberAs : undefined;

  useEffect(() => {
    if (cookie && menu.current && cookieSays(cookie)) menu.current.open = true;
  }, [cookie, menu]);

  function onToggle() {
    if (!cookie || !menu.current) return;
    writeBrowserCookie(cookie, menu.current.open ? "open" : "closed", 365 * 86_400);
  }

  return (
    <details ref={menu} className={`nav-dropdown ${className}`.trim()} data-current={current || undefined} onToggle={onToggle} {...handlers}>
      <summary className="nav-dropdown__summary">{label}</summary>
      <MenuLinks links={links} className="nav-dropdown__panel" />
    </details>
  );
}

import { Link, NavLink } from "@remix-run/react";
import { useEffect } from "react";
import type { MenuLink } from "../../navigation";
import { MAIN_MENU_HOVER, useDropdown } from "./useDropdown";

/**
 * A list of menu links. A link whose address has a query string is a plain Link: NavLink compares
 * paths only, so '/?tab=road' would claim to be the current page on every visit to '/'.
 */
export function MenuLinks({ links, className }: { links: readonly MenuLink[]; className: string }) {
  return (
    <ul className={className}>
      {links.map((item) => (
        <li key={item.to}>
          {item.to.includes("?") ? (
            <Link to={item.to}>{item.label}</Link>
          ) : (
            <NavLink to={item.to} end>
              {item.label}
            </NavLink>
          )}
        </li>
      ))}
    </ul>
  );
}

function cookieSays(name: string): boolean {
  return document.cookie.split("; ").includes(`${name}=open`);
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
    document.cookie = `${cookie}=${menu.current.open ? "open" : "closed"}; Max-Age=${365 * 86_400}; Path=/; SameSite=Lax`;
  }

  return (
    <details ref={menu} className={`nav-dropdown ${className}`.trim()} data-current={current || undefined} onToggle={onToggle} {...handlers}>
      <summary className="nav-dropdown__summary">{label}</summary>
      <MenuLinks links={links} className="nav-dropdown__panel" />
    </details>
  );
}

import { NavLink } from "@remix-run/react";
import { useEffect } from "react";
import { MAIN_MENU_HOVER, useDropdown } from "./nav/useDropdown";

/** The 'more' submenu's pages (issue 16): secondary pages beside the main sections. */
export const MORE_LINKS = [
  // In 'More' rather than the header's row, which has no room left at 1280 px (docs/decisions/0170).
  { to: "/subscriptions", label: "Subscriptions" },
  { to: "/faqs", label: "FAQs" },
  { to: "/bark-out/submit", label: "Share your story" },
  { to: "/newsletter", label: "Newsletter" },
] as const;

/** The mobile menu remembers whether 'More' was open (public-directory.md §2). */
export const MORE_COOKIE = "menu-more";

function remembered(): boolean {
  return document.cookie.split("; ").includes(`${MORE_COOKIE}=open`);
}

/**
 * 'More' as a <details> disclosure: it opens by click or keyboard without JavaScript. With it, the
 * desktop dropdown (useDropdown) opens on hover from 1180 px with an overlay behind it, and in the
 * mobile menu (`remember`) its state is kept in a cookie for a year.
 */
export function MoreMenu({ remember }: { remember: boolean }) {
  const { ref: menu, ...handlers } = useDropdown({ hover: remember ? null : MAIN_MENU_HOVER, transient: !remember });

  useEffect(() => {
    if (remember && menu.current && remembered()) menu.current.open = true;
  }, [remember, menu]);

  function onToggle() {
    if (!remember || !menu.current) return;
    document.cookie = `${MORE_COOKIE}=${menu.current.open ? "open" : "closed"}; Max-Age=${365 * 86_400}; Path=/; SameSite=Lax`;
  }

  return (
    <details ref={menu} className="nav-more" onToggle={onToggle} {...handlers}>
      <summary className="nav-more__summary">More</summary>
      <ul className="nav-more__panel">
        {MORE_LINKS.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </details>
  );
}

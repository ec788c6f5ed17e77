import { NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef, type KeyboardEvent } from "react";

/** The 'more' submenu's pages (issue 16): secondary pages beside the main sections. */
export const MORE_LINKS = [
  { to: "/faqs", label: "FAQs" },
  { to: "/bark-out/submit", label: "Share your story" },
  { to: "/newsletter", label: "Newsletter" },
] as const;

/** The mobile menu remembers whether 'More' was open (public-directory.md §2). */
export const MORE_COOKIE = "menu-more";
const WIDE_HOVER = "(min-width: 1180px) and (hover: hover)";

function remembered(): boolean {
  return document.cookie.split("; ").includes(`${MORE_COOKIE}=open`);
}

/**
 * 'More' as a <details> disclosure: it opens by click or keyboard without JavaScript. With it,
 * Escape closes it, on wide screens (1180 px and up, with a pointer) it also opens on hover with an
 * overlay behind it, and in the mobile menu (`remember`) its state is kept in a cookie for a year.
 */
export function MoreMenu({ remember }: { remember: boolean }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  // The desktop dropdown closes when a link in it is followed; the mobile one keeps its remembered state.
  useEffect(() => {
    if (!remember && menu.current) menu.current.open = false;
  }, [remember, location.key]);

  useEffect(() => {
    if (remember && menu.current && remembered()) menu.current.open = true;
  }, [remember]);

  function onToggle() {
    if (!remember || !menu.current) return;
    document.cookie = `${MORE_COOKIE}=${menu.current.open ? "open" : "closed"}; Max-Age=${365 * 86_400}; Path=/; SameSite=Lax`;
  }

  function onKeyDown(event: KeyboardEvent<HTMLDetailsElement>) {
    if (event.key !== "Escape" || !menu.current?.open) return;
    event.stopPropagation();
    menu.current.open = false;
    menu.current.querySelector("summary")?.focus();
  }

  function hover(open: boolean) {
    if (remember || !menu.current || !window.matchMedia(WIDE_HOVER).matches) return;
    menu.current.open = open;
  }

  return (
    <details ref={menu} className="nav-more" onToggle={onToggle} onKeyDown={onKeyDown} onMouseEnter={() => hover(true)} onMouseLeave={() => hover(false)}>
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

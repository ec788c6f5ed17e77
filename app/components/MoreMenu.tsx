import { NavDropdown } from "./nav/NavDropdown";

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

/**
 * 'More' (NavDropdown): on the desktop it opens on hover from 1180 px with an overlay behind it; in the
 * mobile menu (`remember`) its state is kept in a cookie for a year.
 */
export function MoreMenu({ remember }: { remember: boolean }) {
  return <NavDropdown label="More" links={MORE_LINKS} mobile={remember} rememberAs={MORE_COOKIE} className="nav-more" />;
}

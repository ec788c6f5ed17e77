import { useNavigate } from "@remix-run/react";
import type { MouseEvent } from "react";

/**
 * Client-side navigation for the plain `<a href>` links inside an element: one click handler for a
 * block of many links (the footer's browse tabs hold about 125, the header about 50) instead of a
 * `<Link>` each, whose hooks cost the server's render of every page (docs/decisions/0193, 0195). A
 * click the browser should handle itself (a modifier key or another button, another window or site, a
 * download) is left to it; without JavaScript the links are ordinary links.
 */
export function useDelegatedLinks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const anchor = event.target instanceof Element ? event.target.closest("a") : null;
    if (!anchor || !event.currentTarget.contains(anchor)) return;
    if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download") || anchor.origin !== window.location.origin) return;
    event.preventDefault();
    const to = `${anchor.pathname}${anchor.search}${anchor.hash}`;
    // As <Link>: a link to the page already shown replaces its history entry instead of adding one.
    const { pathname, search, hash } = window.location;
    navigate(to, { replace: to === `${pathname}${search}${hash}` });
  };
}

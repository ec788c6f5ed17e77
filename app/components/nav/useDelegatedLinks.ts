import { useNavigate } from "@remix-run/react";
import type { MouseEvent } from "react";

/**
 * Client-side navigation for the plain `<a href>` links inside an element: one click handler for a
 * block of many links (the footer's browse tabs hold about 125) instead of a `<Link>` each, whose hooks
 * cost the server about 1 ms a page (docs/decisions/0193). A click the browser should handle itself (a
 * modifier key or another button, another window or site, a download) is left to it; without
 * JavaScript the links are ordinary links.
 */
export function useDelegatedLinks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const anchor = event.target instanceof Element ? event.target.closest("a") : null;
    if (!anchor || !event.currentTarget.contains(anchor)) return;
    if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download") || anchor.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(`${anchor.pathname}${anchor.search}${anchor.hash}`);
  };
}

import { useEffect } from "react";

/** The spec's mobile breakpoint (§9): below 760 px the payment page scrolls to the card form. */
export const PHONE_QUERY = "(max-width: 759.98px)";

/**
 * On phones, brings the card form (`id`) into view once the page is interactive, and keeps it there while
 * what loads above it (the PayPal button, saved cards) changes the page's height, until the member
 * scrolls, taps or types. Focus stays where it is: only the view moves.
 */
export function useScrollToCardOnPhones(id: string, ready: boolean): void {
  useEffect(() => {
    if (!ready || !window.matchMedia(PHONE_QUERY).matches) return;
    const target = document.getElementById(id);
    if (!target) return;
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const align = (behavior: ScrollBehavior) => target.scrollIntoView({ block: "start", behavior });
    align(smooth ? "smooth" : "auto");
    const observer = new ResizeObserver(() => align("auto"));
    observer.observe(document.body);
    const stop = () => {
      observer.disconnect();
      for (const name of ["wheel", "touchstart", "keydown", "pointerdown"]) window.removeEventListener(name, stop);
    };
    for (const name of ["wheel", "touchstart", "keydown", "pointerdown"]) window.addEventListener(name, stop, { passive: true });
    // What loads above the form settles within a few seconds; after that the page is the member's.
    const timer = window.setTimeout(stop, 5000);
    return () => {
      window.clearTimeout(timer);
      stop();
    };
  }, [id, ready]);
}

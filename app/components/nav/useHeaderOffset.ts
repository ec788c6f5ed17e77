import { useEffect, type RefObject } from "react";

/** Where the sticky header starts to hide its sub-navigation (public-directory.md §9: 960 px). */
const WIDE = "(min-width: 960px)";
/** Scroll steps smaller than this (touchpad jitter) do not toggle the sub-navigation. */
const SCROLL_SLACK_PX = 6;

/**
 * The header banner's offset: from 960 px the header sticks to the top, its sub-navigation hides on
 * scroll down and comes back on scroll up (or when it takes focus or a menu opens), and
 * `--header-offset` always holds the height the header covers, so anchors, focused fields and sticky
 * panels stop below it. The sub-navigation slides with a transform, so the page never moves.
 */
export function useHeaderOffset(header: RefObject<HTMLElement>) {
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const wide = window.matchMedia(WIDE);
    const root = document.documentElement;
    let lastY = window.scrollY;
    let frame = 0;

    function bar(): number {
      return element?.querySelector<HTMLElement>(".site-header__bar")?.offsetHeight ?? 0;
    }

    function setHidden(hidden: boolean) {
      if (!element) return;
      element.dataset.subnav = hidden ? "hidden" : "shown";
      root.style.setProperty("--header-offset", wide.matches ? `${hidden ? bar() : element.offsetHeight}px` : "0px");
    }

    function update() {
      frame = 0;
      const y = window.scrollY;
      const busy = element?.querySelector("details[open]") || element?.contains(document.activeElement);
      if (!wide.matches || busy || y <= (element?.offsetHeight ?? 0)) setHidden(false);
      else if (y > lastY + SCROLL_SLACK_PX) setHidden(true);
      else if (y < lastY - SCROLL_SLACK_PX) setHidden(false);
      else return;
      lastY = y;
    }

    function schedule() {
      if (!frame) frame = window.requestAnimationFrame(update);
    }

    const reveal = () => setHidden(false);
    setHidden(false);
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", reveal);
    element.addEventListener("focusin", reveal);
    element.addEventListener("toggle", reveal, true);
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", reveal);
      element.removeEventListener("focusin", reveal);
      element.removeEventListener("toggle", reveal, true);
    };
  }, [header]);
}

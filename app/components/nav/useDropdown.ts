import { useLocation } from "@remix-run/react";
import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type RefObject } from "react";

/** Main-menu dropdowns open on hover from 1180 px, the other menus from 960 px (public-directory.md §2, §9). */
export const MAIN_MENU_HOVER = "(min-width: 1180px) and (hover: hover)";
export const OTHER_MENU_HOVER = "(min-width: 960px) and (hover: hover)";

interface DropdownOptions {
  /** The media query under which hovering opens the menu; null: never on hover. */
  hover: string | null;
  /** Close on navigation, on a click elsewhere and when focus leaves (desktop dropdowns); false keeps it as the user left it. */
  transient: boolean;
}

export interface Dropdown {
  ref: RefObject<HTMLDetailsElement>;
  onKeyDown: (event: KeyboardEvent<HTMLDetailsElement>) => void;
  onClick: (event: MouseEvent<HTMLDetailsElement>) => void;
  onMouseEnter: () => void;
  onMouseLeave: () => void;
}

function items(menu: HTMLDetailsElement): HTMLElement[] {
  return Array.from(menu.querySelectorAll<HTMLElement>(":scope > :not(summary) a[href], :scope > :not(summary) button:not([disabled])"));
}

/**
 * A <details> dropdown: without JavaScript the browser opens it by click, Enter or Space. With it,
 * Escape closes it and returns focus to its summary, the arrow keys (and Home, End) move between its
 * links, ArrowDown on the summary opens it at the first link, and on wide screens with a pointer it
 * opens on hover. A transient menu also closes on navigation, a click elsewhere and when focus leaves.
 */
export function useDropdown({ hover, transient }: DropdownOptions): Dropdown {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // Whether the pointer's hover opened the menu: the click that usually follows the hover must not
  // toggle it shut again under the pointer.
  const openedByHover = useRef(false);

  useEffect(() => {
    if (transient && ref.current) ref.current.open = false;
  }, [transient, location.key]);

  useEffect(() => {
    if (!transient) return;
    function closeOutside(event: Event) {
      const menu = ref.current;
      if (menu?.open && event.target instanceof Node && !menu.contains(event.target)) menu.open = false;
    }
    document.addEventListener("click", closeOutside);
    document.addEventListener("focusin", closeOutside);
    return () => {
      document.removeEventListener("click", closeOutside);
      document.removeEventListener("focusin", closeOutside);
    };
  }, [transient]);

  function onKeyDown(event: KeyboardEvent<HTMLDetailsElement>) {
    const menu = ref.current;
    if (!menu) return;
    const summary = menu.querySelector<HTMLElement>(":scope > summary");
    const links = items(menu);
    const at = links.findIndex((link) => link === document.activeElement);
    let next: HTMLElement | undefined;
    switch (event.key) {
      case "Escape":
        if (!menu.open) return;
        menu.open = false;
        summary?.focus();
        break;
      case "ArrowDown":
        menu.open = true;
        next = links[at < 0 ? 0 : (at + 1) % links.length];
        break;
      case "ArrowUp":
        menu.open = true;
        next = links[at <= 0 ? links.length - 1 : at - 1];
        break;
      case "Home":
      case "End":
        if (at < 0) return;
        next = event.key === "Home" ? links[0] : links[links.length - 1];
        break;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
    next?.focus();
  }

  function onHover(open: boolean) {
    if (!hover || !ref.current || !window.matchMedia(hover).matches) return;
    openedByHover.current = open && !ref.current.open;
    ref.current.open = open;
  }

  function onClick(event: MouseEvent<HTMLDetailsElement>) {
    const summary = ref.current?.querySelector(":scope > summary");
    if (!summary || !(event.target instanceof Node) || !summary.contains(event.target)) return;
    if (openedByHover.current) {
      // The hover already opened it: this click keeps it open; the next one closes it.
      event.preventDefault();
      openedByHover.current = false;
    }
  }

  return { ref, onKeyDown, onClick, onMouseEnter: () => onHover(true), onMouseLeave: () => onHover(false) };
}

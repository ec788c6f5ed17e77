import { useLocation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { readBrowserCookie, writeBrowserCookie } from "../../../kit/cookies";

// The dialog, with its fetchers and the form (remix-validated-form, zod and the captcha), is fetched
// only when the modal is wanted: every public page carries the trigger, few visitors ever see the
// modal (decisions 0175, 0321).
const NewsletterDialog = lazy(() => import("./NewsletterDialog").then((module) => ({ default: module.NewsletterDialog })));

/** public-directory.md §9: the modal opens at 40 % of the page's height, once per 30-day cookie. */
export const NEWSLETTER_COOKIE = "newsletter-modal";
const COOKIE_DAYS = 30;
const SCROLL_SHARE = 0.4;
/** Never on the form pages themselves, nor where people pay or claim (payment, plans, Treats). */
const FORM_PAGES = /^\/(contact|faqs|newsletter|add-listing|join|bark-out\/submit|account|payment|subscriptions|subscription-confirmation|subscription-update|treats)(\/|$)|\/(review|edit|favourite|directions\/print)$/;
/** Someone who focused or typed in a form this recently is still using it: the modal waits. */
const FORM_QUIET_MS = 20_000;

/** Whether the focus is in a form of the page (the modal's own form aside). */
function focusInForm(): boolean {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body && active.closest("form, [role='search'], [role='combobox']") !== null && active.closest(".newsletter-modal") === null;
}

function seen(): boolean {
  return readBrowserCookie(NEWSLETTER_COOKIE) !== null;
}

function remember(): void {
  writeBrowserCookie(NEWSLETTER_COOKIE, new Date().toISOString(), COOKIE_DAYS * 86_400);
}

/**
 * The newsletter modal (JavaScript only; without it the sign-up lives on /newsletter and on posts).
 * It opens after 40 % scroll or when the pointer leaves the window, at most once per cookie, and never
 * while someone is using a form (focus in it, or typing in it in the last 20 seconds).
 */
export function NewsletterModal() {
  const location = useLocation();
  const [wanted, setWanted] = useState(false);
  const blocked = FORM_PAGES.test(location.pathname);

  useEffect(() => {
    if (blocked || wanted || seen()) return;
    let lastFormUse = focusInForm() ? Date.now() : -Infinity;
    function onFormUse(event: Event) {
      if (event.target instanceof Element && event.target.closest("form") && !event.target.closest(".newsletter-modal")) lastFormUse = Date.now();
    }
    function trigger() {
      // Never over a form in use: the next scroll or exit after a quiet spell opens it instead.
      if (seen() || focusInForm() || Date.now() - lastFormUse < FORM_QUIET_MS) return;
      remember();
      setWanted(true);
    }
    function onScroll() {
      const scrollable = document.documentElement.scrollHeight;
      if (scrollable > 0 && (window.scrollY + window.innerHeight) / scrollable >= SCROLL_SHARE && window.scrollY > 0) trigger();
    }
    function onLeave(event: MouseEvent) {
      if (!event.relatedTarget && event.clientY <= 0) trigger();
    }
    window.addEventListener("scroll", onScroll, { passive: true });
    document.documentElement.addEventListener("mouseleave", onLeave);
    document.addEventListener("focusin", onFormUse);
    document.addEventListener("input", onFormUse);
    return () => {
      window.removeEventListener("scroll", onScroll);
      document.documentElement.removeEventListener("mouseleave", onLeave);
      document.removeEventListener("focusin", onFormUse);
      document.removeEventListener("input", onFormUse);
    };
  }, [blocked, wanted]);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NewsletterDialog inForm={focusInForm} onGiveUp={() => setWanted(false)} />
    </Suspense>
  );
}

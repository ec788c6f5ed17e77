// Remix's default browser entry, hydrating once the page's data is decoded (below: the
// production build hydrates with Preact; `npm run dev` with React), plus one guard for events that
// arrive while the page hydrates.
//
// With single fetch, <RemixBrowser> suspends on its first render until the page's data stream is
// decoded. A discrete event (a click, a key press, a submit) that reaches React before hydration has
// finished makes React hydrate synchronously to handle it; that render suspends with no boundary
// around the document, React throws "Root did not complete" (minified error #345) and the event is
// lost: a link clicked on a slow phone did nothing. Until the root layout marks the page hydrated,
// those events are kept from React (stopped at the window, in the capture phase, before React's
// listeners on the document) and left to the browser, so the click follows the link and the form
// posts as they would without JavaScript. Nothing calls preventDefault: typing still types. Preact
// keeps the guard useful: the flag is set by the root layout's effect, after the effects that register
// the forms.
import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { ownTask } from "../kit/own-task";

// The events React 18 handles by hydrating synchronously (its "discrete" events), media events aside.
// focusin and focusout are among them: a blur while the page hydrated reached a form field whose form
// was not registered yet, and remix-validated-form threw "Validate called before form was initialized."
const DISCRETE_EVENTS = [
  "auxclick",
  "beforeinput",
  "change",
  "click",
  "compositionend",
  "compositionstart",
  "contextmenu",
  "copy",
  "cut",
  "dblclick",
  "dragend",
  "dragstart",
  "drop",
  "focusin",
  "focusout",
  "input",
  "invalid",
  "keydown",
  "keypress",
  "keyup",
  "mousedown",
  "mouseup",
  "paste",
  "pointercancel",
  "pointerdown",
  "pointerup",
  "reset",
  "select",
  "submit",
  "textInput",
  "touchcancel",
  "touchend",
  "touchstart",
] as const;

function hydrated(): boolean {
  return document.documentElement.dataset.hydrated === "true";
}

function holdBackFromReact(event: Event) {
  if (!hydrated()) event.stopPropagation();
}

for (const type of DISCRETE_EVENTS) window.addEventListener(type, holdBackFromReact, { capture: true });

// Once hydrated (app/root.tsx sets the flag in an effect), React sees every event again.
new MutationObserver((_records, observer) => {
  if (!hydrated()) return;
  for (const type of DISCRETE_EVENTS) window.removeEventListener(type, holdBackFromReact, { capture: true });
  observer.disconnect();
}).observe(document.documentElement, { attributes: true, attributeFilter: ["data-hydrated"] });

// The production build runs on Preact (build-tools/preact.ts), which hydrates in one pass: it cannot
// resume hydrating a whole document after a suspension (it would render a second copy of the page).
// With single fetch, <RemixBrowser> throws (suspends on) a promise until the page's data stream is
// decoded. Its first call always throws before it uses a hook: it starts the decoding and throws the
// promise, which is awaited here. The server sends the page whole, its data stream last
// (app/render/preact-server.ts), so nothing is streamed into the page after it hydrates; the wait for
// the end of parsing that React's server needed (its inline script swapping in a part that waited) is
// gone with it (decision 0320).
async function pageDataDecoded(): Promise<void> {
  try {
    RemixBrowser({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
  }
}

// The page's start is several tasks, not one: each part of a task past 50 ms is time a phone cannot answer
// a tap (TBT; decision 0351). The data is decoded as this module runs; the page hydrates in the next task,
// but for the parts that hydrate in tasks of their own after it (`hydratesOnItsOwn` in
// app/components/search/hooks.ts).
void (async () => {
  await pageDataDecoded();
  await ownTask();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
})();

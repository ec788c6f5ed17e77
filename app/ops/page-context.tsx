// What the server knows about one page request and the HTML needs: the Content-Security-Policy nonce
// for inline scripts and the request id shown on error pages. entry.server.tsx provides it; the
// client never needs either (the browser hides nonces from scripts; error data carries its own id).
import { createContext, useContext, type ReactElement } from "react";
import type { FooterRoad } from "../navigation";

export interface PageContext {
  nonce: string;
  requestId: string;
  /**
   * Server only: the HTML of a subtree that depends on `key` alone (an object kept as long as its content
   * is current, such as a cached list, or a string that spells the content out), rendered once and then
   * reused (decisions 0323, 0326). The subtree must not read a context (it is rendered on its own).
   * Absent in the browser, which renders the subtree.
   */
  staticMarkup?: (key: object | string, render: () => ReactElement) => string;
  /**
   * Server only, and only with the production build's renderer (Preact): as `staticMarkup`, for a subtree
   * that reads contexts (the router's, this one): rendered once per `key` in the contexts of the place it
   * stands (`context`, Preact's map of the providers above it), and given back as its HTML with nothing
   * around it (decision 0342). Use it through `KeptOnServer`.
   */
  keptSubtree?: (key: object | string, render: () => ReactElement, context: object) => ReactElement;
  /**
   * Server only: the footer's roads, when the root loader read them (it sets them on the load context;
   * decision 0329). Absent in the browser, which reads the footer's links from the page it hydrates.
   */
  footerRoads?: FooterRoad[];
}

const NONE: PageContext = { nonce: "", requestId: "" };

const Context = createContext<PageContext | null>(null);

export const PageContextProvider = Context.Provider;

export function usePageContext(): PageContext {
  return useContext(Context) ?? NONE;
}

/**
 * Its children's HTML made once per `by` on the server (decision 0342): `by` must spell out everything the
 * children show (an object kept as long as its content is current, or a text), and the children may read
 * contexts but not the request (no time, no user, no ids made per render). The browser, and a server
 * rendering with React, render the children as they are; the HTML is the same either way.
 */
export function KeptOnServer({ by, children }: { by: object | string; children: ReactElement }, context?: unknown): ReactElement {
  const { keptSubtree } = usePageContext();
  // Preact passes a function component the providers above it as its second argument (React, nothing).
  return keptSubtree && context && typeof context === "object" ? keptSubtree(by, () => children, context) : children;
}

const keysByObject = new WeakMap<object, Map<object | string, object>>();
/**
 * One key object for each (kept object, further parts), for `KeptOnServer` and `staticMarkup`: the same
 * parts give the same object while `kept` lives, and the keys (and the parts they hold) go with it.
 */
export function keyOf(kept: object, ...parts: (object | string)[]): object {
  let key = kept;
  for (const part of parts) {
    let next = keysByObject.get(key);
    if (!next) keysByObject.set(key, (next = new Map()));
    let found = next.get(part);
    if (!found) next.set(part, (found = {}));
    key = found;
  }
  return key;
}

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

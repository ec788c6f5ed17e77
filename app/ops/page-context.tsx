// What the server knows about one page request and the HTML needs: the Content-Security-Policy nonce
// for inline scripts and the request id shown on error pages. entry.server.tsx provides it; the
// client never needs either (the browser hides nonces from scripts; error data carries its own id).
import { createContext, useContext } from "react";

export interface PageContext {
  nonce: string;
  requestId: string;
}

const NONE: PageContext = { nonce: "", requestId: "" };

const Context = createContext<PageContext | null>(null);

export const PageContextProvider = Context.Provider;

export function usePageContext(): PageContext {
  return useContext(Context) ?? NONE;
}

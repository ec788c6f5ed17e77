// React's renderToPipeableStream, as app/entry.server.tsx calls it, made with Preact: the production
// build maps `react-dom/server` to this module (build-tools/preact.ts, decision 0320).
//
// The page is rendered whole with preact-render-to-string's renderToStringAsync, which waits for what
// suspends (the data stream Remix writes after the document) and puts it in place. Its own streaming
// renderer is not used: it sends what waited inside custom elements that move themselves next to their
// placeholder, and Remix's data stream is rendered after </html>, where no such placeholder can be
// found, so the element removed itself before its scripts ran and the page never hydrated. The app
// defers no data (no `defer`, no <Await>), so nothing is lost by sending the page once it is all ready.
import type { ReactNode } from "react";
import type { Writable } from "node:stream";
import { renderToString, renderToStringAsync } from "preact-render-to-string";
import { options, type VNode } from "preact";

/**
 * React's own props that React never writes as attributes: `suppressHydrationWarning` (Remix puts it on
 * its script tags). preact-render-to-string writes any prop it does not know, so the page had
 * `<script suppressHydrationWarning>`. This module is the server's renderer only (the browser never loads
 * it), so the hook that drops them runs on the server alone.
 */
const REACT_ONLY_PROPS = ["suppressHydrationWarning", "suppressContentEditableWarning"] as const;
const previousVNodeHook = options.vnode;
options.vnode = (vnode) => {
  if (typeof vnode.type === "string" && vnode.props) {
    const props = vnode.props as Record<string, unknown>;
    for (const name of REACT_ONLY_PROPS) if (name in props) delete props[name];
  }
  previousVNodeHook?.(vnode);
};

interface Options {
  nonce?: string;
  onShellReady?: () => void;
  onAllReady?: () => void;
  onShellError?: (error: unknown) => void;
  onError?: (error: unknown) => void;
}

const DOCTYPE = "<!DOCTYPE html>";

/** `element` is React's type in the app's code; in the build that calls this, it is a Preact vnode. */
export function renderToPipeableStream(element: ReactNode | VNode, options: Options = {}) {
  let html: string | undefined;
  let destination: Writable | undefined;
  let settled = false;
  const send = () => {
    if (html === undefined || !destination) return;
    const page = html;
    html = undefined;
    destination.end(page);
  };
  const fail = (error: unknown) => {
    if (settled) return;
    settled = true;
    options.onError?.(error);
    options.onShellError?.(error);
  };
  Promise.resolve(renderToStringAsync(element as VNode)).then((markup: string) => {
    if (settled) return;
    settled = true;
    // React writes the doctype before an <html> root; a page without it is laid out in quirks mode.
    html = markup.startsWith("<html") ? DOCTYPE + markup : markup;
    options.onShellReady?.();
    options.onAllReady?.();
    send();
  }, fail);
  return {
    pipe<T extends Writable>(writable: T): T {
      destination = writable;
      send();
      return writable;
    },
    /** Before the page is ready, as React does when its shell is not: the render fails (Remix answers its error page). */
    abort(reason: unknown = new Error("The render was aborted by the server without a reason.")) {
      fail(reason);
    },
  };
}

/** React's renderToStaticMarkup: a subtree's HTML, synchronously (Preact writes no hydration markers either way). */
export function renderToStaticMarkup(element: ReactNode | VNode): string {
  return renderToString(element as VNode);
}

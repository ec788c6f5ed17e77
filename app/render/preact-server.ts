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
import { Fragment, h, options, type VNode } from "preact";
// compat's option hooks first (its `options.vnode` is the one the hook below falls back to): the
// server build imports it before this module anyway, through React's name.
import "preact/compat";

/**
 * React's own props that React never writes as attributes: `suppressHydrationWarning` (Remix puts it on
 * its script tags). preact-render-to-string writes any prop it does not know, so the page had
 * `<script suppressHydrationWarning>`. This module is the server's renderer only (the browser never loads
 * it), so the hook that drops them runs on the server alone.
 */
const REACT_ONLY_PROPS = ["suppressHydrationWarning", "suppressContentEditableWarning"] as const;

/** preact/compat's mark on every vnode, which its `isValidElement` (and so Remix and React Router) reads. */
const REACT_ELEMENT_TYPE = Symbol.for("react.element");

/**
 * preact/compat's `options.vnode`, as it was before the server's hook below: it copies every DOM element's
 * props into a new object, renaming what the browser's DOM needs renamed (events, `onChange` to
 * `onInput`, SVG's camel-case names, `value`/`defaultValue`, `className` moved to the end as `class`).
 */
const compatVNodeHook = options.vnode;

/**
 * compat's pattern for the camel-case SVG props it writes in kebab case (`strokeWidth` → `stroke-width`),
 * kept in step with preact/compat/src/render.js. Tested once a prop name (the app's names are a few hundred).
 */
const CAMEL_PROPS =
  /^(?:accent|alignment|arabic|baseline|cap|clip(?!PathU)|color|dominant|fill|flood|font|glyph(?!R)|horiz|image(!S)|letter|lighting|marker(?!H|W|U)|overline|paint|pointer|shape|stop|strikethrough|stroke|text(?!L)|transform|underline|unicode|units|v|vector|vert|word|writing|x(?!C))[A-Z]/;
const camelByName = new Map<string, boolean>();
function isCamelProp(name: string): boolean {
  let camel = camelByName.get(name);
  if (camel === undefined) {
    camel = CAMEL_PROPS.test(name);
    if (camelByName.size < 2_000) camelByName.set(name, camel);
  }
  return camel;
}

/**
 * Props preact-render-to-string never writes as an attribute, wherever they stand. (`false` is no
 * exception: `aria-pressed={false}` is written as "false".)
 */
function writesNoAttribute(name: string, value: unknown): boolean {
  return (
    value == null ||
    typeof value === "function" ||
    name === "children" ||
    name === "dangerouslySetInnerHTML" ||
    (name.charCodeAt(0) === 111 /* o */ && name.charCodeAt(1) === 110) /* n */
  );
}

/** What the server does with a DOM element's props: render them as they are, move `className` last, or let compat copy them. */
const AS_THEY_ARE = 0;
const CLASS_LAST = 1;
const COMPAT = 2;

/**
 * Whether compat's copy of a DOM element's props would render to the same HTML as the props themselves,
 * so the copy can be skipped (decision 0326). It would not when a prop is renamed or changed in a way the
 * HTML shows (`class`, `value` with `defaultValue`, `download`, `translate`, SVG camel case, upper-case
 * event names, a `<select>`): COMPAT. compat also moves `className` to the end (as `class`): when an
 * attribute follows it, CLASS_LAST. Events are renamed but never written, so they do not count.
 */
function serverProps(type: string, props: Record<string, unknown>): typeof AS_THEY_ARE | typeof CLASS_LAST | typeof COMPAT {
  if (type === "select") return COMPAT;
  const nonDashed = type.indexOf("-") === -1;
  let classWritten = false;
  let classLast: typeof AS_THEY_ARE | typeof CLASS_LAST = AS_THEY_ARE;
  for (const name in props) {
    const value = props[name];
    const first = name.charCodeAt(0);
    if (name === "className") {
      // compat drops a falsy className; the renderer would write `class` for "" or 0.
      if (value == null || value === false) continue;
      if (typeof value !== "string" || value === "") return COMPAT;
      classWritten = true;
      continue;
    }
    if (name === "class" || name === "download") return COMPAT;
    // compat makes one of the two the `value` when both are given; either alone is left as it is.
    if ((name === "value" && "defaultValue" in props) || (name === "defaultValue" && "value" in props)) return COMPAT;
    if (name.length === 9 && name.toLowerCase() === "translate") return COMPAT;
    if (first === 111 /* o */ && name.charCodeAt(1) === 110 /* n */) continue;
    // "On…", "oN…": compat lower-cases the name to decide; leave those to it.
    if ((first === 79 /* O */ || first === 111) && (name.charCodeAt(1) === 78 /* N */ || name.charCodeAt(1) === 110)) return COMPAT;
    if (nonDashed && isCamelProp(name)) return COMPAT;
    if (classWritten && !writesNoAttribute(name, value)) classLast = CLASS_LAST;
  }
  return classLast;
}

/**
 * The server's `options.vnode`: React's own props dropped, then compat's normalisation, skipped for the
 * DOM elements whose HTML it would not change but for the place of `class` (most of a page's elements:
 * decision 0326). Those keep their props (or a copy with `className` moved last, as compat puts it,
 * without compat's regular expressions a prop) and get compat's `$$typeof`; nothing installs an
 * `options.vnode` before compat, so compat's own hook would do nothing more.
 */
export function serverVNodeHook(vnode: VNode): void {
  if (typeof vnode.type === "string" && vnode.props) {
    const props = vnode.props as Record<string, unknown>;
    for (const name of REACT_ONLY_PROPS) if (name in props) delete props[name];
    const how = serverProps(vnode.type, props);
    if (how !== COMPAT) {
      if (how === CLASS_LAST) {
        const moved: Record<string, unknown> = {};
        for (const name in props) if (name !== "className") moved[name] = props[name];
        moved.className = props.className;
        vnode.props = moved as VNode["props"];
      }
      (vnode as VNode & { $$typeof?: symbol }).$$typeof = REACT_ELEMENT_TYPE;
      return;
    }
  }
  compatVNodeHook?.(vnode);
}

/** What the server's hook did before decision 0326 (compat's normalisation of every element): for the byte-for-byte test. */
export function compatServerVNodeHook(vnode: VNode): void {
  if (typeof vnode.type === "string" && vnode.props) {
    const props = vnode.props as Record<string, unknown>;
    for (const name of REACT_ONLY_PROPS) if (name in props) delete props[name];
  }
  compatVNodeHook?.(vnode);
}

options.vnode = serverVNodeHook;

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
    /**
     * The whole page once it is ready (from onShellReady on), taken instead of piped: the caller answers
     * with it as it is, without a stream between (decision 0342). React's renderer has no such call.
     */
    takePage(): string | undefined {
      const page = html;
      html = undefined;
      return page;
    },
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

/**
 * A subtree's HTML rendered where it stands: `context` is Preact's map of the providers above that place
 * (what Preact passes a function component as its second argument), so the subtree reads the router's and
 * the page's contexts as it would inside the page (decision 0342). React's renderer has no such call: in
 * development (`npm run dev`) this export is absent and the subtree is rendered in the page.
 */
export function renderToStaticMarkupIn(element: ReactNode | VNode, context: object): string {
  return renderToString(element as VNode, context);
}

/**
 * HTML written into the page as it is, with no element around it: preact-render-to-string writes a
 * fragment's `tpl` parts verbatim (the form `jsxTemplate` of preact/jsx-runtime makes). Server only.
 */
export function rawMarkup(html: string): VNode {
  return h(Fragment, { tpl: [html], exprs: [] } as Record<string, unknown>);
}

import { PassThrough } from "node:stream";
import { options } from "preact";
import { createElement as h, Fragment, isValidElement, Suspense } from "preact/compat";
import { describe, expect, it } from "vitest";
import { compatServerVNodeHook, renderToPipeableStream, renderToStaticMarkup, serverVNodeHook } from "../../app/render/preact-server";

// app/render/preact-server.ts: React's renderToPipeableStream contract, as app/entry.server.tsx uses it,
// kept by Preact's renderer in the production build (decision 0320).

function suspending(text: string, ms: number) {
  let done = false;
  const promise = new Promise<void>((resolve) => setTimeout(() => ((done = true), resolve()), ms));
  return function Later() {
    if (!done) throw promise;
    return h("script", { dangerouslySetInnerHTML: { __html: text } });
  };
}

async function read(stream: PassThrough): Promise<string> {
  let text = "";
  for await (const chunk of stream) text += String(chunk);
  return text;
}

describe("the server renderer made with Preact", () => {
  it("writes the doctype and the whole document, with what suspended (after </html>, as Remix renders its data stream) in place", async () => {
    const Later = suspending("window.data = 1;", 5);
    const calls: string[] = [];
    const body = new PassThrough();
    const page = new Promise<string>((resolve) => {
      const { pipe } = renderToPipeableStream(
        h(Fragment, null, h("html", { lang: "en-GB" }, h("body", null, h("label", { htmlFor: "q" }, "Search"))), h(Suspense, { fallback: null }, h(Later, null))),
        {
          onShellReady: () => {
            calls.push("shell");
            pipe(body);
            resolve(read(body));
          },
          onAllReady: () => calls.push("all"),
        },
      );
    });
    const html = await page;
    expect(html).toBe('<!DOCTYPE html><html lang="en-GB"><body><label for="q">Search</label></body></html><!--$s--><script>window.data = 1;</script><!--/$s-->');
    expect(calls).toEqual(["shell", "all"]);
  });

  it("reports an error thrown while rendering as React reports a shell error: onError, then onShellError", async () => {
    const failing = () => {
      throw new Error("broken");
    };
    const calls: string[] = [];
    await new Promise<void>((resolve) => {
      renderToPipeableStream(h("html", null, h(failing, null)), {
        onShellReady: () => calls.push("shell"),
        onError: (error) => calls.push(`error: ${(error as Error).message}`),
        onShellError: () => resolve(),
      });
    });
    expect(calls).toEqual(["error: broken"]);
  });

  it("fails the render when aborted before it is ready, once", async () => {
    const Later = suspending("late", 50);
    const calls: string[] = [];
    const { abort } = renderToPipeableStream(h("html", null, h(Suspense, { fallback: null }, h(Later, null))), {
      onShellReady: () => calls.push("shell"),
      onError: (error) => calls.push(`error: ${(error as Error).message}`),
      onShellError: () => calls.push("shell error"),
    });
    abort(new Error("too slow"));
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(calls).toEqual(["error: too slow", "shell error"]);
  });

  it("writes none of React's own props as attributes (Remix's script tags carry suppressHydrationWarning)", () => {
    const reactOnly: Record<string, unknown> = { suppressContentEditableWarning: true };
    const html = renderToStaticMarkup(h("div", reactOnly, h("script", { nonce: "n1", suppressHydrationWarning: true, dangerouslySetInnerHTML: { __html: "1" } })));
    expect(html).toBe('<div><script nonce="n1">1</script></div>');
  });
});

// Decision 0326: the server's options.vnode skips compat's copy of a DOM element's props when the copy would
// render the same HTML. Each tree is made twice (vnodes are normalised when they are created), once under
// the server's hook and once under compat's normalisation of every element (the hook before 0326), and
// rendered: the HTML must be the same byte for byte.
describe("the server's vnode hook", () => {
  function Card({ title, children }: { title: string; children?: unknown }) {
    return h("article", { className: "card", "aria-label": title }, h("h2", null, title), children as never);
  }
  const noop = () => undefined;
  const trees = {
    "class and className, before and after other attributes": () =>
      h(
        "div",
        { id: "a", className: "first" },
        h("a", { className: "brand", href: "/x?a=1&b=2", "aria-current": "page" }, "Home"),
        h("a", { href: "/y", className: "after" }, "Y"),
        h("span", { class: "plain-class", title: "t" }),
        h("span", { className: "", title: "empty" }),
        h("span", { className: undefined, title: "undefined" }),
        h("span", { className: false as never, title: "false" }),
        h("span", { className: 0 as never, title: "zero" }),
        h("span", { className: "c", onClick: noop, hidden: true, tabIndex: -1 }),
        h("button", { className: "c", type: "button", onClick: noop, disabled: false, "aria-expanded": false }, "B"),
        h("button", { className: "c", "aria-pressed": false, onClick: noop }, "Toggle"),
        h("div", { className: "c", draggable: false, spellcheck: false, hidden: false }),
        h("p", { className: "c", style: { marginTop: "1px", color: "red" } }, "styled"),
        h("p", { className: "c", dangerouslySetInnerHTML: { __html: "<b>raw</b>" } }),
        h("p", { className: "c", "data-x": null, "data-y": undefined, "data-z": 0 }),
      ),
    "forms: value, defaultValue, checked, select, textarea, onChange": () =>
      h(
        "form",
        { method: "get", action: "/location", className: "f", onSubmit: noop },
        h("label", { htmlFor: "q", className: "l" }, "Where"),
        h("input", { id: "q", name: "q", type: "search", defaultValue: "London & co", autoComplete: "off", onChange: noop, className: "i" }),
        h("input", { name: "v", value: "kept", readOnly: true }),
        h("input", { className: "i", value: "after class", name: "v2" }),
        h("input", { name: "v3", value: null, className: "i" }),
        h("input", { name: "dv", defaultValue: "alone", className: "i" }),
        h("input", { className: "i", name: "dv2", defaultValue: "alone, after class" }),
        h("input", { type: "radio", name: "r", value: "a", checked: true, onChange: noop }),
        h("input", { name: "n", value: null, defaultValue: "fallback" }),
        h("input", { name: "d", defaultValue: "only-default", value: undefined }),
        h("input", { type: "checkbox", name: "c", defaultChecked: true, onChange: noop }),
        h("input", { type: "range", min: 0, max: 10, onChange: noop, onInput: noop }),
        h("textarea", { name: "t", defaultValue: "text <here>", onChange: noop, maxLength: 200 }),
        h("textarea", { name: "t2", value: "value text" }),
        h("select", { name: "s", defaultValue: "b", className: "sel" }, h("option", { value: "a" }, "A"), h("option", { value: "b" }, "B")),
        h("select", { name: "s2", value: "a" }, h("option", { value: "a" }, "A"), h("option", { value: "b" }, "B")),
        h("select", { name: "m", multiple: true, value: ["a"] }, h("option", { value: "a" }, "A"), h("option", { value: "b" }, "B")),
        h("select", { id: "s3", name: "s3", className: "sel", value: "2", onChange: noop }, ...[1, 2, 3].map((n) => h("option", { key: n, value: String(n) }, n))),
        h("select", { name: "s4", defaultValue: "x" }, h("option", { value: "x", className: "o", disabled: true }, "X"), h("option", { value: "y", selected: false }, "Y")),
        h("button", { type: "submit", formNoValidate: true, onDoubleClick: noop, onFocus: noop, onBlur: noop, onAnimationEnd: noop }, "Go"),
      ),
    "SVG and its camel-case attributes": () =>
      h(
        "svg",
        { viewBox: "0 0 24 24", width: 22, height: 22, "aria-hidden": true, focusable: "false", className: "icon" },
        h("path", { d: "M1 1h2", strokeWidth: 2, strokeLinecap: "round", fillRule: "evenodd", fill: "none" }),
        h("use", { xlinkHref: "#sprite" }),
        h("text", { textAnchor: "middle", dominantBaseline: "central", x: 1, y: 2 }, "t"),
        h("circle", { cx: 1, cy: 1, r: 1, vectorEffect: "non-scaling-stroke", clipPath: "url(#c)" }),
      ),
    "links, images, odd attributes and custom elements": () =>
      h(
        "main",
        { className: "m" },
        h("a", { href: "/file.pdf", download: true }, "file"),
        h("a", { href: "/file2.pdf", download: "name.pdf" }, "file2"),
        h("span", { translate: "no" }, "Pawroute"),
        h("span", { translate: "yes" }, "yes"),
        h("img", { src: "/a.jpg", alt: "A dog", loading: "lazy", decoding: "async", width: 10, height: 10, srcSet: "/a.jpg 1x", className: "img" }),
        h("meta", { httpEquiv: "refresh", content: "5" }),
        h("my-element", { someProp: "x", strokeWidth: 1, className: "ce", id: "ce" }),
        h("noscript", null, h("img", { src: "/pixel.gif", alt: "" })),
        h("details", { className: "nav-dropdown", "data-current": true, onToggle: noop, open: false }, h("summary", { className: "s" }, "More")),
        h("script", { nonce: "n", suppressHydrationWarning: true, dangerouslySetInnerHTML: { __html: "window.x = '</script>';" } }),
        h(Card, { title: "A & B" }, h("p", { className: "body" }, "Text with <angle> & \"quotes\"")),
        h(Fragment, null, h("ul", { className: "list" }, ...["a", "b"].map((x) => h("li", { key: x, className: `i-${x}` }, x)))),
      ),
  } as const;

  for (const [name, tree] of Object.entries(trees)) {
    it(`renders the same HTML as compat's normalisation of every element: ${name}`, () => {
      const fast = renderToStaticMarkup(tree() as never);
      options.vnode = compatServerVNodeHook;
      let reference: string;
      try {
        reference = renderToStaticMarkup(tree() as never);
      } finally {
        options.vnode = serverVNodeHook;
      }
      expect(fast).toBe(reference);
    });
  }

  it("keeps the props of an element compat would not change, and marks it as an element React's code recognises", () => {
    expect(options.vnode).toBe(serverVNodeHook);
    const link = h("a", { href: "/", className: "brand", onClick: noop }, "Home");
    // compat's copy would have added `class` beside `className`.
    expect(Object.keys(link.props)).toEqual(["href", "className", "onClick", "children"]);
    expect(isValidElement(link)).toBe(true);
    // An element compat does change still goes through it.
    const svgPath = h("path", { strokeWidth: 2 });
    expect(Object.keys(svgPath.props)).toEqual(["stroke-width"]);
    const plainClass = h("a", { class: "plain", href: "/" });
    expect(Object.keys(plainClass.props)).toEqual(["href", "class"]);
    // className followed by an attribute: moved last, as compat puts it (compat would add `class` too).
    const moved = h("a", { className: "first", href: "/" });
    expect(Object.keys(moved.props)).toEqual(["href", "className"]);
  });
});

import type { ReactElement } from "react";
import { createContext, createElement as h, Fragment, useContext } from "preact/compat";
import { describe, expect, it, vi } from "vitest";
import { KeptOnServer, keyOf, PageContextProvider, type PageContext } from "../../app/ops/page-context";
import { rawMarkup, renderToPipeableStream, renderToStaticMarkup, renderToStaticMarkupIn } from "../../app/render/preact-server";

// The production build renders with Preact, React's name mapped to preact/compat (build-tools/preact.ts): so here.
vi.mock("react", async () => await import("preact/compat"));

// Decision 0342: a subtree rendered once per key on the server, in the contexts of the place it stands
// (the router's, the page's), and written back as its HTML with nothing around it; the browser renders it.

const Theme = createContext("plain");

function Themed({ label }: { label: string }) {
  const theme = useContext(Theme);
  return h("p", { className: theme }, label, " & <more>");
}

/** entry.server.tsx's keptSubtree, with a count of the renders. */
function keeping() {
  const kept = new Map<object | string, string>();
  const renders: string[] = [];
  const keptSubtree = (key: object | string, render: () => ReactElement, context: object) => {
    let html = kept.get(key);
    if (html === undefined) {
      renders.push(String(typeof key === "string" ? key : "object"));
      html = renderToStaticMarkupIn(render() as never, context);
      kept.set(key, html);
    }
    return rawMarkup(html) as unknown as ReactElement;
  };
  return { keptSubtree, renders };
}

function page(context: PageContext, theme: string, by: object | string, label: string): string {
  return renderToStaticMarkup(
    h(Theme.Provider, { value: theme }, h(PageContextProvider as never, { value: context }, h("main", null, h(KeptOnServer as never, { by }, h(Themed, { label }), h("span", null, "after"))))) as never,
  );
}

describe("KeptOnServer", () => {
  it("writes the subtree as the page would, read in the page's contexts, without an element around it", () => {
    const { keptSubtree, renders } = keeping();
    const inline = page({ nonce: "", requestId: "" }, "dark", "k", "One");
    expect(inline).toBe('<main><p class="dark">One &amp; &lt;more></p><span>after</span></main>');
    expect(page({ nonce: "", requestId: "", keptSubtree }, "dark", "k", "One")).toBe(inline);
    expect(renders).toEqual(["k"]);
  });

  it("renders once per key: the same key gives the kept HTML, another key its own", () => {
    const { keptSubtree, renders } = keeping();
    const context = { nonce: "", requestId: "", keptSubtree };
    const first = page(context, "dark", "k", "One");
    // The key is trusted to spell out what the subtree shows: the kept HTML comes back for it.
    expect(page(context, "dark", "k", "Two")).toBe(first);
    expect(page(context, "light", "other", "Two")).toBe('<main><p class="light">Two &amp; &lt;more></p><span>after</span></main>');
    expect(renders).toEqual(["k", "other"]);
  });

  it("renders its children where no keptSubtree is given (the browser, React in development)", () => {
    expect(page({ nonce: "", requestId: "" }, "light", "k", "Three")).toBe('<main><p class="light">Three &amp; &lt;more></p><span>after</span></main>');
  });

  it("rawMarkup is written verbatim, in order with its siblings", () => {
    expect(renderToStaticMarkup(h("div", null, "a", rawMarkup("<b>&amp;</b>"), h(Fragment, null, "c")) as never)).toBe("<div>a<b>&amp;</b>c</div>");
  });
});

describe("keyOf", () => {
  it("gives one object for the same kept object and parts, another for other parts", () => {
    const list = [1, 2];
    const roads = [3];
    expect(keyOf(list, roads, "/?tab=route")).toBe(keyOf(list, roads, "/?tab=route"));
    expect(keyOf(list, roads, "/?tab=road")).not.toBe(keyOf(list, roads, "/?tab=route"));
    expect(keyOf(list, [3], "/?tab=route")).not.toBe(keyOf(list, roads, "/?tab=route"));
    expect(keyOf([1, 2], roads, "/?tab=route")).not.toBe(keyOf(list, roads, "/?tab=route"));
    expect(keyOf(list)).toBe(list);
  });
});

describe("renderToPipeableStream's takePage", () => {
  it("gives the whole page once it is ready, and only once", async () => {
    const page = await new Promise<string | undefined>((resolve) => {
      const rendered = renderToPipeableStream(h("html", null, h("body", null, "—")) as never, { onShellReady: () => resolve(rendered.takePage()) });
    });
    expect(page).toBe("<!DOCTYPE html><html><body>—</body></html>");
  });
});

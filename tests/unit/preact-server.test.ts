import { PassThrough } from "node:stream";
import { createElement as h, Fragment, Suspense } from "preact/compat";
import { describe, expect, it } from "vitest";
import { renderToPipeableStream, renderToStaticMarkup } from "../../app/render/preact-server";

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

// Remix's Node entry (the default one) plus the per-request Content-Security-Policy nonce on every
// inline script the renderer and Remix write (docs/decisions/0060-security-headers.md). The production
// build renders with Preact: build-tools/preact.ts maps `react-dom/server` to app/render/preact-server.ts,
// which takes the same options (decision 0320); `npm run dev` renders with React.
import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import type { ReactElement } from "react";
import * as domServer from "react-dom/server";
import { logger } from "./ops/logger.server";
import { PageContextProvider } from "./ops/page-context";

const { renderToPipeableStream, renderToStaticMarkup } = domServer;

const ABORT_DELAY = 5_000;

/**
 * Subtrees rendered once per content: keyed by an object kept as long as its content is current (the
 * footer's 180 elements, by the cached road list: decision 0323), or by a string that spells the content
 * out (the header's menus, by their links: decision 0326; at most STATIC_MARKUP_TEXT_KEYS kept).
 */
const markupByKey = new WeakMap<object, string>();
const markupByText = new Map<string, string>();
const STATIC_MARKUP_TEXT_KEYS = 256;
function staticMarkup(key: object | string, render: () => ReactElement): string {
  const kept = typeof key === "string" ? markupByText.get(key) : markupByKey.get(key);
  if (kept !== undefined) return kept;
  const html = renderToStaticMarkup(render());
  if (typeof key !== "string") markupByKey.set(key, html);
  else {
    if (markupByText.size >= STATIC_MARKUP_TEXT_KEYS) markupByText.clear();
    markupByText.set(key, html);
  }
  return html;
}

/**
 * The production build's renderer (app/render/preact-server.ts) renders a subtree in the contexts where it
 * stands; React's (npm run dev) cannot, and there `keptSubtree` is absent (the subtree is rendered in the page).
 */
const renderer = domServer as unknown as {
  renderToStaticMarkupIn?: (element: ReactElement, context: object) => string;
  rawMarkup?: (html: string) => ReactElement;
};
const subtreeByKey = new WeakMap<object, string>();
const subtreeByText = new Map<string, string>();
function keptSubtreeWith(renderIn: NonNullable<typeof renderer.renderToStaticMarkupIn>, raw: NonNullable<typeof renderer.rawMarkup>) {
  return (key: object | string, render: () => ReactElement, context: object): ReactElement => {
    let html = typeof key === "string" ? subtreeByText.get(key) : subtreeByKey.get(key);
    if (html === undefined) {
      html = renderIn(render(), context);
      if (typeof key !== "string") subtreeByKey.set(key, html);
      else {
        if (subtreeByText.size >= STATIC_MARKUP_TEXT_KEYS) subtreeByText.clear();
        subtreeByText.set(key, html);
      }
    }
    // A new element each time: the renderer writes its own marks on the elements it renders.
    return raw(html);
  };
}
const keptSubtree = renderer.renderToStaticMarkupIn && renderer.rawMarkup ? keptSubtreeWith(renderer.renderToStaticMarkupIn, renderer.rawMarkup) : undefined;

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext, loadContext: AppLoadContext) {
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
  const nonce = loadContext.cspNonce ?? "";
  const requestId = loadContext.requestId ?? "";
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Stops a render still streaming after ABORT_DELAY. Cleared once the page is sent (or the client has
    // gone): left to run, each page's timer held its whole render in memory for 5 s (decision 0202).
    const timer = setTimeout(() => rendered.abort(), ABORT_DELAY);
    const ready = () => {
      shellRendered = true;
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      // The production build's renderer (Preact) has the whole page by now: answered with it as it is,
      // without the PassThrough and the web stream made from it (decision 0342). React streams.
      const page = rendered.takePage?.();
      if (page !== undefined) {
        clearTimeout(timer);
        resolve(new Response(page, { headers: responseHeaders, status: responseStatusCode }));
        return;
      }
      const body = new PassThrough();
      body.once("close", () => clearTimeout(timer));
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      rendered.pipe(body);
    };
    const rendered: ReturnType<typeof renderToPipeableStream> & { takePage?: () => string | undefined } = renderToPipeableStream(
      <PageContextProvider value={{ nonce, requestId, staticMarkup, keptSubtree, footerRoads: loadContext.footerRoads }}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </PageContextProvider>,
      {
        nonce,
        onAllReady: waitForAll ? ready : undefined,
        onShellReady: waitForAll ? undefined : ready,
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error, requestId }, "rendering failed");
        },
      },
    );
  });
}

/** Errors Remix catches outside our loaders (rendering, unmatched aborts): logged once, with the request id. */
export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted) return;
  logger.error({ err: error, requestId: context.requestId, url: new URL(request.url).pathname }, "unhandled error");
}

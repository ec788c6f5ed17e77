// Rendering app components under a React Router data router in jsdom, as Remix's browser entry does:
// transitions on (RemixBrowser sets v7_startTransition), and React left to render on its own schedule,
// not inside act(), which would flush renders itself. For tests in `// @vitest-environment jsdom` files.
import { UNSAFE_RemixContext } from "@remix-run/react";
import type { ContextType } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router-dom";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const remixContext = {
  future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_lazyRouteDiscovery: true, v3_singleFetch: true },
  manifest: { routes: {}, entry: { imports: [], module: "" }, url: "", version: "" },
  routeModules: {},
  isSpaMode: false,
} as unknown as ContextType<typeof UNSAFE_RemixContext>;

export interface Mounted {
  container: HTMLDivElement;
  router: ReturnType<typeof createMemoryRouter>;
  unmount: () => void;
}

/** Renders `routes` at `url` into a new element of the document. */
export function mountRoutes(routes: Parameters<typeof createMemoryRouter>[0], url: string): Mounted {
  const container = document.createElement("div");
  document.body.append(container);
  const root: Root = createRoot(container);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  root.render(
    <UNSAFE_RemixContext.Provider value={remixContext}>
      <RouterProvider router={router} future={{ v7_startTransition: true }} />
    </UNSAFE_RemixContext.Provider>,
  );
  return {
    container,
    router,
    unmount: () => {
      root.unmount();
      container.remove();
    },
  };
}

/** Lets timers, network stand-ins and React's scheduler run `count` times. */
export async function turns(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Waits (up to about a second) until `read` gives something. */
export async function until<T>(read: () => T | null | undefined | false, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = read();
    if (value) return value;
    await turns(1);
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** Types into an input as a user does: React sees the input event. */
export function type(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, value);
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.dispatchEvent(new Event("change", { bubbles: true }));
}

/** jsdom has <dialog> without showModal() and close(): the open attribute and the close event, as a browser does. */
export function polyfillDialog(): void {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { showModal?: () => void };
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute("open")) return;
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
}

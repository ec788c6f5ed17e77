// The app's route table (remix.config.js) as a flat list of URL patterns, for tests that walk every
// route: the same `routes(defineRoutes)` function the Remix plugin calls, with a stand-in defineRoutes.
import remixConfig from "../../../remix.config.js";

export interface RouteEntry {
  id: string;
  /** The full pattern, e.g. "/dog-walk/:slug/review" or "/browse/*". */
  pattern: string;
  file: string;
  /** A layout with children (its own URL is its index route's). */
  layout: boolean;
  /** An index route (a form reaches its action with `?index`; without it, the layout's). */
  index: boolean;
}

type RouteOptions = { id?: string; index?: boolean };
type DefineRoute = (path: string | undefined, file: string, optionsOrChildren?: RouteOptions | (() => void), children?: () => void) => void;

/** Every route that answers a URL; with `layouts`, the layouts too (a POST to a layout's own URL runs its action). */
export function routeTable({ layouts = false } = {}): RouteEntry[] {
  const entries: RouteEntry[] = [];
  const stack: string[] = [""];
  const route: DefineRoute = (path, file, optionsOrChildren, maybeChildren) => {
    const options = typeof optionsOrChildren === "object" ? optionsOrChildren : {};
    const children = typeof optionsOrChildren === "function" ? optionsOrChildren : maybeChildren;
    const parent = stack[stack.length - 1];
    const pattern = path ? `${parent}/${path}`.replace(/\/+/g, "/") : parent || "/";
    entries.push({ id: options.id ?? file, pattern: pattern || "/", file, layout: Boolean(children), index: Boolean(options.index) });
    if (children) {
      stack.push(path ? pattern : parent);
      children();
      stack.pop();
    }
  };
  const config = remixConfig as unknown as { routes: (define: (callback: (r: DefineRoute) => void) => unknown) => unknown };
  config.routes((callback) => callback(route));
  return layouts ? entries : entries.filter((entry) => !entry.layout);
}

// Which Remix route answered a request, for the metrics' route label: the route table matched the way
// Remix matches it (deepest match, index routes, splats), so the label is the route id of the page
// or resource route itself, whichever loaders ran (docs/decisions/0161-metrics-route-ids.md).
import type { ServerBuild } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";

interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteNode[];
}

/** Remix's own requests that are not a route: lazy route discovery. */
const MANIFEST_PATH = "/__manifest";

/** Paths remembered with their route id: matchRoutes ranks the whole route table on every call. */
const REMEMBERED_PATHS = 2_000;

/** A function from a request path to the id of the route that answers it (null when none does). */
export function routeMatcher(routes: ServerBuild["routes"]): (pathname: string) => string | null {
  const children = new Map<string | undefined, RouteNode[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const node: RouteNode = { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive };
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(node);
    children.set(route.parentId, siblings);
  }
  const attach = (node: RouteNode): RouteNode => {
    const below = children.get(node.id);
    return below ? { ...node, children: below.map(attach) } : node;
  };
  // Remix's routes have this shape already; index routes simply have no children.
  const tree = (children.get(undefined) ?? []).map(attach) as Parameters<typeof matchRoutes>[0];
  const match = (pathname: string): string | null => {
    if (pathname === MANIFEST_PATH) return "remix:manifest";
    // Single fetch: a navigation's data comes from /<path>.data (and /_root.data for /).
    const page = pathname === "/_root.data" ? "/" : pathname.endsWith(".data") ? pathname.slice(0, -".data".length) || "/" : pathname;
    const matches = matchRoutes(tree, page);
    return matches?.length ? (matches[matches.length - 1].route.id ?? null) : null;
  };
  // Bounded, so a crawl of made-up paths cannot grow it: it starts again when full.
  const remembered = new Map<string, string | null>();
  return (pathname) => {
    const known = remembered.get(pathname);
    if (known !== undefined) return known;
    const id = match(pathname);
    if (remembered.size >= REMEMBERED_PATHS) remembered.clear();
    remembered.set(pathname, id);
    return id;
  };
}

// The service worker (served as /sw.js, built by build-tools/service-worker.ts). It answers from
// Cache Storage only what a member chose to keep, only when the network fails, and never an account,
// payment, admin or form page (app/offline/policy.ts; docs/decisions/0280-offline.md).
import { isSearchPage, isStaticFile, isTile, keepable, neverFromCache, pageKey } from "../policy";
import { CACHE_NAME, forgetEverything, keptItems, keptPage, recordKeptPage } from "../store";
import { markSaved, offlinePageHtml } from "./respond";

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  preloadResponse: Promise<Response | undefined>;
  respondWith(response: Response | Promise<Response>): void;
}
interface WorkerScope {
  location: Location;
  registration: ServiceWorkerRegistration & { navigationPreload?: { enable(): Promise<void> } };
  clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
}
// The DOM library types `self` as a window; this file runs in a service worker's scope.
const scope = self as unknown as WorkerScope;

// A new version takes over at once: pages and worker speak only HTTP to each other, so an open tab
// keeps working, and its next request (a navigation included) is answered by the new version.
scope.addEventListener("install", (event) => event.waitUntil(scope.skipWaiting()));
scope.addEventListener("activate", (event) => event.waitUntil(Promise.all([scope.clients.claim(), scope.registration.navigationPreload?.enable()])));

const HTML_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy": "default-src 'self'; script-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:",
  "Cache-Control": "no-store",
};

async function offlinePage(url: URL): Promise<Response> {
  const items = await keptItems().catch(() => []);
  // 200, not 503: the browser shows this page as the answer, and there is no server to have failed.
  return new Response(offlinePageHtml(items, isSearchPage(url.pathname) ? "search" : "not-kept"), { status: 200, headers: HTML_HEADERS });
}

async function keptCopy(url: URL): Promise<Response | null> {
  if (!keepable(url.pathname)) return null;
  const page = await keptPage(url).catch(() => undefined);
  if (!page) return null;
  const cached = await (await caches.open(CACHE_NAME)).match(page.url);
  if (!cached) return null;
  const headers = new Headers(cached.headers);
  headers.delete("Content-Encoding");
  headers.delete("Content-Length");
  return new Response(markSaved(await cached.text(), page.savedAt), { status: 200, headers });
}

/** Online, a visit to a kept page refreshes its copy (the same address only: a kept search result stays as kept). */
async function refresh(url: URL, response: Response): Promise<void> {
  const page = await keptPage(url).catch(() => undefined);
  if (!page || page.url !== `${url.pathname}${url.search}` || pageKey(url) !== page.key) return;
  await (await caches.open(CACHE_NAME)).put(page.url, response);
  await recordKeptPage({ ...page, savedAt: new Date().toISOString() });
}

async function navigate(event: FetchEvent, url: URL): Promise<Response> {
  try {
    const response = (await event.preloadResponse) ?? (await fetch(event.request));
    if (response.ok && response.status === 200 && keepable(url.pathname) && response.headers.get("Content-Type")?.includes("text/html")) event.waitUntil(refresh(url, response.clone()).catch(() => undefined));
    return response;
  } catch {
    // No network: a kept copy of an allowed page, else the offline page (never a copy of anything else).
    return (!neverFromCache(url.pathname) && (await keptCopy(url))) || offlinePage(url);
  }
}

async function tile(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    // A tile that was not kept is drawn as empty: the map shows what is kept, without errors.
    return (await caches.match(request, { cacheName: CACHE_NAME })) ?? new Response(null, { status: 204 });
  }
}

async function staticFile(request: Request): Promise<Response> {
  // Built assets, glyphs and photo versions never change under their name: a kept one is used as is.
  return (await caches.match(request, { cacheName: CACHE_NAME })) ?? fetch(request);
}

/**
 * Remix asks /__manifest for the routes of the links on a page. With no network, the answer that
 * tells it to load the page as a document instead: the navigation then reaches navigate() above.
 */
async function routeManifest(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    return new Response(null, { status: 204, headers: { "X-Remix-Reload-Document": "true" } });
  }
}

async function logOut(request: Request): Promise<Response> {
  const response = await fetch(request);
  await forgetEverything();
  return response;
}

scope.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== scope.location.origin) return;
  if (request.method === "POST" && (url.pathname === "/logout" || url.pathname === "/logout.data")) return event.respondWith(logOut(request));
  if (request.method !== "GET") return;
  if (request.mode === "navigate") return event.respondWith(navigate(event, url));
  if (isTile(url.pathname)) return event.respondWith(tile(request));
  if (url.pathname === "/__manifest") return event.respondWith(routeManifest(request));
  if (isStaticFile(url.pathname)) return event.respondWith(staticFile(request));
});

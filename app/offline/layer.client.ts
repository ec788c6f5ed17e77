// The offline layer's page side (browser only): registers the service worker after the page has
// loaded, sends links and search forms to the worker as full navigations while there is no network,
// queues favouriting and removing from a list made offline and sends them when the network returns,
// and deletes what another member (or a logged-out browser) kept.
import { queueable } from "./policy";
import { CACHE_NAME, DB_NAME, dropQueued, forgetEverything, keptItems, queuedPosts, queuePost, removeKept } from "./store";

type Announce = (message: string, kind?: "status" | "alert") => void;

/**
 * For members only (only they can keep anything), after the page has loaded: a visitor's pages never pass
 * through a worker, first load or later ones, and a worker left by a member who logged out goes
 * (docs/decisions/0280-offline.md).
 */
export function registerServiceWorker(member: string | null): void {
  if (!("serviceWorker" in navigator)) return;
  const register =
    member === null
      ? () => void navigator.serviceWorker.getRegistrations().then((registrations) => Promise.all(registrations.map((registration) => registration.unregister())), () => undefined)
      : () => void navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
  if (document.readyState === "complete") setTimeout(register, 0);
  else window.addEventListener("load", register, { once: true });
}

async function hasOfflineData(): Promise<boolean> {
  if (!("caches" in window)) return false;
  if (await caches.has(CACHE_NAME)) return true;
  const databases = "databases" in indexedDB ? await indexedDB.databases() : [];
  return databases.some((database) => database.name === DB_NAME);
}

/** Logged out (or another member): what was kept for the previous member goes. */
export async function forgetOthers(member: string | null): Promise<void> {
  if (!(await hasOfflineData())) return;
  if (member === null) return forgetEverything();
  for (const item of await keptItems()) if (item.owner !== member) await removeKept(item.key);
}

function sameOriginAnchor(event: MouseEvent): HTMLAnchorElement | null {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.target || anchor.hasAttribute("download")) return null;
  return new URL(anchor.href).origin === location.origin ? anchor : null;
}

function describe(body: URLSearchParams): string {
  const title = document.querySelector("h1")?.textContent?.trim() || document.title.replace(/ — Pawroute$/, "");
  const intent = body.get("intent");
  return intent === "remove" || intent === "unfavourite" ? `removing a favourite (${title})` : `saving ${title} to your favourites`;
}

/** Sends what was queued offline; tells the member about each one the site refused. */
export async function sendQueued(announce: Announce): Promise<void> {
  const queued = await queuedPosts().catch(() => []);
  if (queued.length === 0) return;
  let sent = 0;
  const refused: string[] = [];
  for (const post of queued) {
    let response: Response;
    try {
      response = await fetch(post.url, { method: "POST", body: post.body, headers: { "Content-Type": "application/x-www-form-urlencoded" }, redirect: "manual", credentials: "same-origin" });
    } catch {
      return; // still no network: the rest waits for the next time
    }
    if (post.id !== undefined) await dropQueued(post.id);
    if (response.type === "opaqueredirect" || response.ok) sent++;
    else refused.push(post.label);
  }
  if (refused.length) announce(`Back online, but this could not be done: ${refused.join("; ")}. Please try again.`, "alert");
  else announce(sent === 1 ? "Back online: the change you made offline has been saved." : `Back online: the ${sent} changes you made offline have been saved.`);
}

/** Starts the layer for this page; returns how to stop it. */
export function startOfflineLayer(member: string | null, announce: Announce): () => void {
  void forgetOthers(member).catch(() => undefined);

  const onClick = (event: MouseEvent) => {
    if (navigator.onLine || event.defaultPrevented) return;
    const anchor = sameOriginAnchor(event);
    if (!anchor) return;
    // Offline, a link is a full navigation: the worker answers it with a kept page or the offline page.
    event.preventDefault();
    event.stopPropagation();
    location.assign(anchor.href);
  };

  const onSubmit = (event: SubmitEvent) => {
    if (navigator.onLine || !(event.target instanceof HTMLFormElement)) return;
    const form = event.target;
    const action = new URL(form.getAttribute("action") ?? location.href, location.href);
    if (form.method.toLowerCase() !== "post") {
      // A search (a GET form) goes to the worker, which says search needs a connection.
      event.preventDefault();
      event.stopPropagation();
      form.submit();
      return;
    }
    const body = new URLSearchParams();
    for (const [name, value] of new FormData(form, event.submitter)) if (typeof value === "string" && name !== "respond") body.append(name, value);
    if (action.origin !== location.origin || !queueable(action.pathname, body.get("intent"))) return;
    event.preventDefault();
    event.stopPropagation();
    const label = describe(body);
    void queuePost({ url: `${action.pathname}${action.search}`, body: body.toString(), label, queuedAt: new Date().toISOString() }).then(
      () => announce(`You are offline: ${label} will be done when you are back online.`),
      () => announce("You are offline and this could not be kept for later. Please try again when you are back online.", "alert"),
    );
  };

  const onOnline = () => void sendQueued(announce);
  window.addEventListener("click", onClick, { capture: true });
  window.addEventListener("submit", onSubmit, { capture: true });
  window.addEventListener("online", onOnline);
  if (navigator.onLine && member) onOnline();
  return () => {
    window.removeEventListener("click", onClick, { capture: true });
    window.removeEventListener("submit", onSubmit, { capture: true });
    window.removeEventListener("online", onOnline);
  };
}

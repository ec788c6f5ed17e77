// Keeping a list, trip or listing in this browser: ask the server what to store (its plan), then
// fetch and store each page, photo, tile and app file, and record what was kept. Browser only.
import mapWorkerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import type { OfflineKind, OfflinePlan } from "./plan";
import { CACHE_NAME, recordKept, type KeptItem } from "./store";

const GLYPHS = ["0-255", "256-511", "8192-8447"].map((range) => `/map/fonts/${encodeURIComponent("Noto Sans Regular")}/${range}.pbf`);
const PARALLEL = 6;

export class KeepError extends Error {}

export async function fetchPlan(kind: OfflineKind, id: string): Promise<OfflinePlan> {
  const response = await fetch(`/api/offline/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`, { headers: { Accept: "application/json" } });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = body && typeof body === "object" && "message" in body && typeof body.message === "string" ? body.message : "Sorry, that could not be kept. Please try again.";
    throw new KeepError(message);
  }
  return body as OfflinePlan;
}

/** The files the kept pages need: each page's scripts and styles, and the images it shows (placeholders, photo versions). */
function assetsIn(html: string): string[] {
  return [...html.matchAll(/["'(,\s](\/(?:assets|images|uploads)\/[^"'()\s,]+\.(?:js|mjs|css|woff2?|svg|png|webp|jpe?g|avif))(?=["')\s,])/g)].map((match) => match[1]);
}

/**
 * The app's chunks a built script loads: its static imports and what it loads on demand with import()
 * (parts that hydrate late, error pages, dialogs: decision 0321), which no page's HTML names. Offline,
 * a kept page whose late part's chunk was never fetched would fail to render (a failed import()).
 * Remix's route manifest is not followed: it names every page's modules.
 */
function chunksIn(script: string): string[] {
  return [...script.matchAll(/["'](?:\.\/|\/?assets\/)([\w.-]+\.(?:m?js|css))["']/g)].map((match) => `/assets/${match[1]}`);
}

const followed = (file: string) => /^\/assets\/[^/]+\.m?js$/.test(file) && !/^\/assets\/manifest-[^/]+\.js$/.test(file);

function loadedAppFiles(): string[] {
  return performance
    .getEntriesByType("resource")
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && /^\/(?:assets|map\/fonts)\//.test(url.pathname))
    .map((url) => url.pathname);
}

async function pool<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/** Stores everything the plan names; reports progress from 0 to 1; resolves with what was kept. */
export async function keep(plan: OfflinePlan, owner: string, onProgress: (done: number) => void): Promise<KeptItem> {
  // The map's code loads now if this page has no map, so that a kept map draws with no network.
  await import("../components/map/map-engine");
  const cache = await caches.open(CACHE_NAME);
  let bytes = 0;
  let done = 0;
  const assets = new Set<string>([...loadedAppFiles(), mapWorkerUrl, ...GLYPHS, "/favicon.svg", "/manifest.webmanifest", "/icons/icon-192.png"]);
  const styles = new Set<string>();
  const files: string[] = [];
  const total = () => plan.pages.length + files.length;
  const step = () => onProgress(Math.min(1, ++done / total()));

  await pool(plan.pages, async (page) => {
    const response = await fetch(page, { headers: { Accept: "text/html" }, credentials: "same-origin" });
    if (!response.ok) throw new KeepError(`Sorry, ${page} could not be kept (the site answered ${response.status}). Please try again.`);
    const html = await response.clone().text();
    bytes += html.length;
    for (const asset of assetsIn(html)) assets.add(asset);
    for (const match of html.matchAll(/<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/g)) if (styles.size < 4) styles.add(match[1]);
    await cache.put(page, response);
    step();
  });

  files.push(...plan.photos, ...plan.tiles, ...assets);
  const listed = new Set(files);
  const stored: string[] = [];
  // `files` grows while it is stored: a script's on-demand chunks join it as the script is read.
  await pool(files, async (file) => {
    const response = await fetch(file, { credentials: "same-origin" }).catch(() => null);
    // An empty tile (204) needs no copy: offline, a tile that is not kept is drawn empty anyway.
    if (response?.status === 200) {
      const body = await response.clone().arrayBuffer();
      if (followed(file)) {
        for (const chunk of chunksIn(new TextDecoder().decode(body))) {
          if (listed.has(chunk)) continue;
          listed.add(chunk);
          files.push(chunk);
        }
      }
      bytes += body.byteLength;
      await cache.put(file, response);
      stored.push(file);
    }
    step();
  });

  const item: KeptItem = { key: plan.key, kind: plan.kind, title: plan.title, url: plan.url, pages: plan.pages, files: stored, listings: plan.listings, bytes, savedAt: new Date().toISOString(), styles: [...styles], owner };
  await recordKept(item);
  return item;
}

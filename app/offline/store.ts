// What a member kept, in the browser: the responses in Cache Storage (one cache), and in IndexedDB
// what each kept thing is (its pages, files, size, date), which page stands in for which address, and
// the favourites queued while offline. Used by the page and by the service worker alike.
import { pageKey } from "./policy";

export const CACHE_NAME = "pawroute-offline-v1";
export const DB_NAME = "pawroute-offline";
const DB_VERSION = 1;

export interface KeptItem {
  key: string;
  kind: "list" | "trip" | "listing";
  title: string;
  url: string;
  pages: string[];
  /** Photos, tiles and the app's files it needs (shared with other kept things). */
  files: string[];
  listings: { title: string; url: string }[];
  bytes: number;
  savedAt: string;
  /** The stylesheets of its pages, for the offline page the worker writes. */
  styles: string[];
  /** The member who kept it (their username): another member's or a logged-out visitor's page deletes it. */
  owner: string;
}

export interface KeptPage {
  /** pageKey(url): the path, or the planner's path and query. */
  key: string;
  url: string;
  savedAt: string;
}

export interface QueuedPost {
  id?: number;
  url: string;
  body: string;
  /** "Favourite Lakeside walk": what the member is told if it fails. */
  label: string;
  queuedAt: string;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error("IndexedDB request failed"));
  });
}

export function openOfflineDb(): Promise<IDBDatabase> {
  const open = indexedDB.open(DB_NAME, DB_VERSION);
  open.onupgradeneeded = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains("items")) db.createObjectStore("items", { keyPath: "key" });
    if (!db.objectStoreNames.contains("pages")) db.createObjectStore("pages", { keyPath: "key" });
    if (!db.objectStoreNames.contains("queue")) db.createObjectStore("queue", { keyPath: "id", autoIncrement: true });
  };
  return request(open);
}

async function withStore<T>(name: "items" | "pages" | "queue", mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openOfflineDb();
  try {
    return await request(work(db.transaction(name, mode).objectStore(name)));
  } finally {
    db.close();
  }
}

export function keptItems(): Promise<KeptItem[]> {
  return withStore("items", "readonly", (store) => store.getAll() as IDBRequest<KeptItem[]>);
}

export function keptPage(url: URL): Promise<KeptPage | undefined> {
  return withStore("pages", "readonly", (store) => store.get(pageKey(url)) as IDBRequest<KeptPage | undefined>);
}

export async function recordKept(item: KeptItem): Promise<void> {
  const db = await openOfflineDb();
  try {
    const tx = db.transaction(["items", "pages"], "readwrite");
    tx.objectStore("items").put(item);
    for (const page of item.pages) {
      const url = new URL(page, "http://offline.invalid");
      tx.objectStore("pages").put({ key: pageKey(url), url: page, savedAt: item.savedAt } satisfies KeptPage);
    }
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error("IndexedDB transaction failed"));
    });
  } finally {
    db.close();
  }
}

/** Forgets one kept thing and deletes the stored responses no other kept thing uses. */
export async function removeKept(key: string): Promise<void> {
  const items = await keptItems();
  const gone = items.find((item) => item.key === key);
  if (!gone) return;
  const stillUsed = new Set(items.filter((item) => item.key !== key).flatMap((item) => [...item.pages, ...item.files]));
  const cache = await caches.open(CACHE_NAME);
  await Promise.all([...gone.pages, ...gone.files].filter((url) => !stillUsed.has(url)).map((url) => cache.delete(url)));
  const db = await openOfflineDb();
  try {
    const tx = db.transaction(["items", "pages"], "readwrite");
    tx.objectStore("items").delete(key);
    for (const page of gone.pages) {
      if (!stillUsed.has(page)) tx.objectStore("pages").delete(pageKey(new URL(page, "http://offline.invalid")));
    }
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error("IndexedDB transaction failed"));
    });
  } finally {
    db.close();
  }
}

export function queuePost(post: QueuedPost): Promise<IDBValidKey> {
  return withStore("queue", "readwrite", (store) => store.add(post));
}

export function queuedPosts(): Promise<QueuedPost[]> {
  return withStore("queue", "readonly", (store) => store.getAll() as IDBRequest<QueuedPost[]>);
}

export function dropQueued(id: number): Promise<undefined> {
  return withStore("queue", "readwrite", (store) => store.delete(id) as IDBRequest<undefined>);
}

/** Logging out: every kept response and record of this browser's member goes. */
export async function forgetEverything(): Promise<void> {
  await caches.delete(CACHE_NAME);
  await new Promise<void>((resolve) => {
    const deletion = indexedDB.deleteDatabase(DB_NAME);
    deletion.onsuccess = () => resolve();
    deletion.onerror = () => resolve();
    // Another tab holding the database open delays the deletion; it completes once that tab lets go.
    deletion.onblocked = () => resolve();
  });
}

export function recordKeptPage(page: KeptPage): Promise<IDBValidKey> {
  return withStore("pages", "readwrite", (store) => store.put(page));
}

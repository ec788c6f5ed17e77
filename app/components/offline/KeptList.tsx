import { useCallback, useEffect, useState } from "react";
import { formatSize, savedOn } from "../../offline/policy";
import type { KeptItem } from "../../offline/store";

const KIND_NAMES: Record<KeptItem["kind"], string> = { list: "Favourites list", trip: "Trip", listing: "Listing" };

/** The Offline page's list (browser only: what is kept lives in this browser), each with its size, date and a remove button. */
export function KeptList({ owner }: { owner: string }) {
  const [items, setItems] = useState<KeptItem[] | null>(null);
  const [queued, setQueued] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(async () => {
    const store = await import("../../offline/store");
    const all = await store.keptItems().catch(() => []);
    setItems(all.filter((item) => item.owner === owner).sort((a, b) => b.savedAt.localeCompare(a.savedAt)));
    setQueued((await store.queuedPosts().catch(() => [])).length);
  }, [owner]);

  useEffect(() => {
    if ("caches" in window && "indexedDB" in window) void load();
    else setItems([]);
  }, [load]);

  async function remove(item: KeptItem) {
    const store = await import("../../offline/store");
    await store.removeKept(item.key);
    setNotice(`${item.title} is no longer kept for offline use.`);
    await load();
  }

  if (items === null) return null;
  const total = items.reduce((sum, item) => sum + item.bytes, 0);
  return (
    <section aria-labelledby="kept-title" className="kept-list">
      <h2 id="kept-title">Kept in this browser</h2>
      {notice ? (
        <p className="form-notice" role="status">
          {notice}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p>Nothing is kept yet. Choose “Keep for offline” on one of your favourites lists, a saved trip or a listing.</p>
      ) : (
        <>
          <p>
            {items.length === 1 ? "1 thing" : `${items.length} things`} kept, {formatSize(total)} in all.
          </p>
          <ul className="kept-list__items">
            {items.map((item) => (
              <li key={item.key} className="kept-list__item">
                <div>
                  <a href={item.url} className="kept-list__title">
                    {item.title}
                  </a>
                  <p className="kept-list__meta">
                    {KIND_NAMES[item.kind]} · {item.kind === "listing" || item.listings.length === 1 ? "1 place" : `${item.listings.length} places`} · {formatSize(item.bytes)} · saved on {savedOn(item.savedAt)}
                  </p>
                </div>
                <button type="button" className="button button--quiet" onClick={() => void remove(item)}>
                  Remove<span className="visually-hidden"> {item.title}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {queued > 0 ? <p>{queued === 1 ? "1 change made offline is" : `${queued} changes made offline are`} waiting to be sent when you are back online.</p> : null}
    </section>
  );
}

import { useEffect, useState } from "react";
import { ownTask } from "../../../kit/own-task";
import { savedOn } from "../../offline/policy";

// The service worker marks a kept page it answers with no network (app/offline/worker/respond.ts);
// read before hydration, which makes the root element match the server's again.
const SAVED_AT = typeof document === "undefined" ? null : (document.documentElement.dataset.offlineSaved ?? null);

interface Notice {
  message: string;
  kind: "status" | "alert";
}

/** In the root layout: "Offline: saved on 6 Dec" on a kept page, and what happened to changes made offline. */
export function OfflineLayer({ member }: { member: string | null }) {
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => setSavedAt(SAVED_AT), []);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    // In a task of its own (decision 0351): Vite's preload links for the layer's chunks were a quarter of
    // the task that runs the page's first effects on bench:vitals's phone.
    void ownTask()
      .then(() => import("../../offline/layer.client"))
      .then((layer) => {
        if (!live) return;
        layer.registerServiceWorker(member);
        stop = layer.startOfflineLayer(member, (message, kind = "status") => setNotice({ message, kind }));
      });
    return () => {
      live = false;
      stop?.();
    };
  }, [member]);

  return (
    <>
      {savedAt ? (
        <p className="offline-banner" role="status">
          Offline: saved on {savedOn(savedAt)}
        </p>
      ) : null}
      <div className="offline-notice" aria-live="polite">
        {notice ? (
          <p className="offline-notice__text" role={notice.kind}>
            {notice.message}
          </p>
        ) : null}
      </div>
    </>
  );
}

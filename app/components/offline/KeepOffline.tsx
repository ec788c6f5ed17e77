import { Link, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { aboutSize, formatSize, savedOn } from "../../offline/policy";
import type { OfflineKind, OfflinePlan } from "../../offline/plan";
import type { KeptItem } from "../../offline/store";

type Step = { step: "idle" } | { step: "planning" } | { step: "confirm"; plan: OfflinePlan } | { step: "keeping"; progress: number } | { step: "kept"; item: KeptItem } | { step: "error"; message: string };

interface RootData {
  user: { username: string | null } | null;
}

const keepModule = () => import("../../offline/keep.client");
const storeModule = () => import("../../offline/store");

function counted(n: number, one: string, many: string): string {
  return `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;
}

/**
 * "Keep for offline" on a favourites list, a saved trip or a listing: a plain post without JavaScript
 * (the Offline page says keeping needs it); with it, the size first, then the pages stored in this browser.
 */
export function KeepOffline({ kind, id, title }: { kind: OfflineKind; id: string; title: string }) {
  const root = useRouteLoaderData<RootData>("root");
  const member = root?.user?.username ?? null;
  const [state, setState] = useState<Step>({ step: "idle" });
  const [kept, setKept] = useState<KeptItem | null>(null);
  const key = `${kind}:${id}`;
  // Named by what it keeps, not useId(): its question is rendered after hydration, and a part of the page
  // that hydrates late (the member's favourite toggle before it, decision 0321) takes its useId() numbers
  // after the rest, so a fresh useId() here could repeat an id the server gave another element (the
  // question was then labelled by the directions dialog's title). One control per kept thing on a page.
  const questionId = `keep-offline-${kind}-${id}`;

  // What is already kept; a kept list or trip that changed since is kept again (refreshed when online).
  useEffect(() => {
    if (!member || !("caches" in window)) return;
    let live = true;
    void (async () => {
      const store = await storeModule();
      const item = (await store.keptItems().catch(() => [])).find((candidate) => candidate.key === key) ?? null;
      if (!live || !item) return;
      setKept(item);
      if (!navigator.onLine) return;
      const { fetchPlan, keep } = await keepModule();
      const plan = await fetchPlan(kind, id).catch(() => null);
      if (!plan || !live || plan.pages.join() === item.pages.join()) return;
      const fresh = await keep(plan, member, () => undefined).catch(() => null);
      if (fresh && live) setKept(fresh);
    })();
    return () => {
      live = false;
    };
  }, [member, key, kind, id]);

  if (!member) return null;

  async function plan(event: FormEvent<HTMLFormElement>) {
    if (!("caches" in window) || !("indexedDB" in window)) return; // the plain post says what is missing
    event.preventDefault();
    setState({ step: "planning" });
    try {
      const { fetchPlan } = await keepModule();
      setState({ step: "confirm", plan: await fetchPlan(kind, id) });
    } catch (error) {
      setState({ step: "error", message: error instanceof Error ? error.message : "Sorry, that could not be kept. Please try again." });
    }
  }

  async function confirm(plan: OfflinePlan) {
    if (!member) return;
    setState({ step: "keeping", progress: 0 });
    try {
      const { keep } = await keepModule();
      const item = await keep(plan, member, (progress) => setState({ step: "keeping", progress }));
      setKept(item);
      setState({ step: "kept", item });
    } catch (error) {
      setState({ step: "error", message: error instanceof Error && error.name === "KeepError" ? error.message : "Sorry, this could not be kept: the connection dropped or this device is out of space. Please try again." });
    }
  }

  const busy = state.step === "planning" || state.step === "keeping";
  return (
    <div className="keep-offline">
      <form method="post" action="/account/offline" onSubmit={(event) => void plan(event)} className="keep-offline__form">
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="title" value={title} />
        <button type="submit" className="button button--quiet" disabled={busy || state.step === "confirm"} aria-describedby={kept ? `${questionId}-kept` : undefined}>
          {state.step === "planning" ? "Working out the size…" : kept ? "Keep for offline again" : "Keep for offline"}
          <span className="visually-hidden"> {title}</span>
        </button>
        {kept ? (
          <span id={`${questionId}-kept`} className="keep-offline__kept">
            Kept on {savedOn(kept.savedAt)} ({formatSize(kept.bytes)})
          </span>
        ) : null}
      </form>
      {state.step === "confirm" ? (
        <div className="keep-offline__confirm" role="group" aria-labelledby={questionId}>
          <p id={questionId}>
            Keep “{title}” for offline use? It takes {aboutSize(state.plan.estimateBytes)} on this device: {counted(state.plan.pages.length, "page", "pages")}, {counted(state.plan.photos.length, "photo", "photos")} and{" "}
            {counted(state.plan.tiles.length, "map tile", "map tiles")}.
          </p>
          <div className="form-actions">
            <button type="button" className="button" onClick={() => void confirm(state.plan)}>
              Keep it
            </button>
            <button type="button" className="button button--quiet" onClick={() => setState({ step: "idle" })}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
      {state.step === "keeping" ? (
        <p className="keep-offline__progress" role="status">
          <label>
            Keeping for offline… <progress max={100} value={Math.round(state.progress * 100)} />
          </label>
        </p>
      ) : null}
      {state.step === "kept" ? (
        <p className="keep-offline__note" role="status">
          Kept for offline: {formatSize(state.item.bytes)} on this device. <Link to="/account/offline">See what is kept</Link>
        </p>
      ) : null}
      {state.step === "error" ? (
        <p className="keep-offline__note" role="alert">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}

import { Link, useFetcher } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { FavouritePageData } from "./FavouriteLists";
import type { FavouriteProps } from "./FavouriteToggle";
import { BusyButton } from "../forms/BusyButton";
import { formErrorOf } from "../forms/form-errors";
import { Modal } from "../forms/Modal";

// The lists editor (with remix-validated-form and zod) is fetched when a visitor opens it, not with
// every results and listing page.
const loadFavouriteLists = () => import("./FavouriteLists");
const FavouriteLists = lazy(() => loadFavouriteLists().then((module) => ({ default: module.FavouriteLists })));

/** How long the 'added' tooltip stays (spec §9: 3 seconds), and after the pointer or focus leaves it (spec §4: 1 second). */
const TOOLTIP_MS = 3000;
const TOOLTIP_AFTER_LEAVE_MS = 1000;

interface Added {
  name: string;
  href: string | null;
}

/** The 'Saved to …' tooltip: stays while hovered or focused, and 1 s after the pointer or focus leaves. */
function SavedTooltip({ added, onDone }: { added: Added; onDone: () => void }) {
  const timer = useRef<number | undefined>(undefined);
  const done = useRef(onDone);
  done.current = onDone;
  const hide = (after: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => done.current(), after);
  };
  const stay = () => window.clearTimeout(timer.current);
  useEffect(() => {
    timer.current = window.setTimeout(() => done.current(), TOOLTIP_MS);
    return () => window.clearTimeout(timer.current);
  }, [added]);
  return (
    <p className="favourite__tooltip" role="status" onMouseEnter={stay} onMouseLeave={() => hide(TOOLTIP_AFTER_LEAVE_MS)} onFocus={stay} onBlur={() => hide(TOOLTIP_AFTER_LEAVE_MS)}>
      Saved to {added.href ? <Link to={added.href}>{added.name}</Link> : added.name}
    </p>
  );
}

/**
 * A member's favourite toggle (app/components/listing/FavouriteToggle.tsx): loaded as the page hydrates,
 * and a plain form (or link) until then (decision 0321). Always one element, the one the server sent.
 */
export function MemberFavourite({ listingUrl, title, isFavourite, returnTo, compact = false }: FavouriteProps) {
  const adder = useFetcher<{ added?: string; href?: string; message?: string }>();
  const editor = useFetcher<FavouritePageData>();
  const [added, setAdded] = useState<Added | null>(null);
  const [editing, setEditing] = useState(false);
  // What the server last said; the list editor's answers and a quick add change it without a page reload.
  const [favourite, setFavourite] = useState(isFavourite);
  useEffect(() => setFavourite(isFavourite), [isFavourite]);
  // Only a hydrated page asks for an answer in place of the redirect a plain form needs; `data-ready` says
  // the toggle runs (until then a click takes the plain form's path: a notice after a redirect).
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const favouritePath = `${listingUrl}/favourite`;
  const failure = adder.state === "idle" ? formErrorOf(adder.data) : null;
  const forScreenReaders = compact ? <span className="visually-hidden"> {title}</span> : null;

  useEffect(() => {
    if (adder.state !== "idle" || !adder.data?.added) return;
    setAdded({ name: adder.data.added, href: adder.data.href ?? null });
    setFavourite(true);
  }, [adder.state, adder.data]);

  useEffect(() => {
    if (editor.state === "idle" && editor.data) setFavourite(editor.data.lists.some((list) => list.saved));
  }, [editor.state, editor.data]);

  const extras = (
    <>
      {added ? <SavedTooltip added={added} onDone={() => setAdded(null)} /> : null}
      {failure ? (
        <p className="favourite__error" role="alert">
          {failure}
        </p>
      ) : null}
      <Modal title={`Your lists for ${title}`} open={editing} onClose={() => setEditing(false)}>
        {editor.data ? (
          <Suspense fallback={<p className="modal__loading">Loading…</p>}>
            <FavouriteLists data={editor.data} onChange={() => editor.load(favouritePath)} />
          </Suspense>
        ) : (
          <p className="modal__loading">Loading…</p>
        )}
      </Modal>
    </>
  );
  const className = `favourite${compact ? " favourite--compact" : ""}`;

  if (!favourite) {
    // Optimistic: while the listing is being saved the button already says so (and ignores repeat clicks).
    return (
      <div className={className} data-member-favourite="" data-ready={enhanced ? "true" : undefined}>
        <adder.Form method="post" action={favouritePath}>
          <input type="hidden" name="intent" value="quick-add" />
          {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
          {enhanced ? <input type="hidden" name="respond" value="json" /> : null}
          <BusyButton
            className="button button--quiet"
            aria-pressed={adder.state !== "idle"}
            fetcherState={adder.state}
            pending={
              <>
                <span aria-hidden="true">♥ </span>
                {compact ? "Saved" : "Saved to favourites"}
                {forScreenReaders}
              </>
            }
          >
            <span aria-hidden="true">♡ </span>
            {compact ? "Save" : "Save to favourites"}
            {forScreenReaders}
          </BusyButton>
        </adder.Form>
        {extras}
      </div>
    );
  }

  return (
    <div className={className} data-member-favourite="" data-ready={enhanced ? "true" : undefined}>
      <Link
        to={favouritePath}
        className="button button--quiet favourite--on"
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          setEditing(true);
          loadFavouriteLists().catch(() => undefined); // only a head start: lazy() reports a failed fetch
          editor.load(favouritePath);
        }}
      >
        <span aria-hidden="true">♥ </span>
        {compact ? "Saved" : "Saved to favourites"}
        {forScreenReaders}
      </Link>
      {extras}
    </div>
  );
}

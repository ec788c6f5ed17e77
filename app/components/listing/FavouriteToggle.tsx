import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { FavouriteLists, type FavouritePageData } from "./FavouriteLists";
import { Modal } from "../forms/Modal";

/** How long the 'added' tooltip stays (spec §9: 3 seconds). */
const TOOLTIP_MS = 3000;

interface Props {
  listingUrl: string;
  title: string;
  member: boolean;
  isFavourite: boolean;
}

/**
 * The favourite toggle (spec §4). A visitor gets a members-only tooltip with log-in and join links.
 * A member adds a listing that is not yet favourite to the default list (a tooltip says so for 3 s);
 * an already favourite listing opens the list editor (a modal with JavaScript, the page without).
 */
export function FavouriteToggle({ listingUrl, title, member, isFavourite }: Props) {
  const adder = useFetcher<{ added?: string }>();
  const editor = useFetcher<FavouritePageData>();
  const [tooltip, setTooltip] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  // Only a hydrated page asks for an answer in place of the redirect a plain form needs.
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const favouritePath = `${listingUrl}/favourite`;

  useEffect(() => {
    if (adder.state !== "idle" || !adder.data?.added) return;
    setTooltip(`Saved to ${adder.data.added}`);
    const timer = window.setTimeout(() => setTooltip(null), TOOLTIP_MS);
    return () => window.clearTimeout(timer);
  }, [adder.state, adder.data]);

  if (!member) {
    const back = encodeURIComponent(listingUrl);
    return (
      <details className="favourite favourite--visitor">
        <summary className="button button--quiet">
          <span aria-hidden="true">♡ </span>Save to favourites
        </summary>
        <div className="favourite__tooltip" role="note">
          <p>Favourites are for members.</p>
          <p>
            <Link to={`/account/login/?redirectTo=${back}`}>Log in</Link> or <Link to={`/join?redirectTo=${back}`}>join for free</Link> to save places to your lists.
          </p>
        </div>
      </details>
    );
  }

  if (!isFavourite) {
    return (
      <div className="favourite">
        <adder.Form method="post" action={favouritePath}>
          <input type="hidden" name="intent" value="quick-add" />
          {enhanced ? <input type="hidden" name="respond" value="json" /> : null}
          <button type="submit" className="button button--quiet" aria-pressed={false} disabled={adder.state !== "idle"}>
            <span aria-hidden="true">♡ </span>Save to favourites
          </button>
        </adder.Form>
        {tooltip ? (
          <p className="favourite__tooltip" role="status">
            {tooltip}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <div className="favourite">
      <Link
        to={favouritePath}
        className="button button--quiet favourite--on"
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          setEditing(true);
          editor.load(favouritePath);
        }}
      >
        <span aria-hidden="true">♥ </span>Saved to favourites
      </Link>
      {tooltip ? (
        <p className="favourite__tooltip" role="status">
          {tooltip}
        </p>
      ) : null}
      <Modal title={`Your lists for ${title}`} open={editing} onClose={() => setEditing(false)}>
        {editor.data ? <FavouriteLists data={editor.data} onChange={() => editor.load(favouritePath)} /> : <p className="modal__loading">Loading…</p>}
      </Modal>
    </div>
  );
}

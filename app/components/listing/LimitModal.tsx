import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { writeBrowserCookie } from "../../../kit/cookies";

const SEEN_COOKIE = "pawroute_limit_seen";
const SEEN_SECONDS = 60 * 60 * 24;

/**
 * The limit-reached panel of a premium listing: with JavaScript a modal offering the plans (and, to a
 * visitor, joining (spec) or logging in), which on closing writes the seen cookie holding the UTC time (so it stays closed
 * for a day); without, the same offer shows in the page.
 */
export function LimitReached({ showModal, listingUrl, member }: { showModal: boolean; listingUrl: string; member: boolean }) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (showModal && element && !element.open) element.showModal();
  }, [showModal]);

  const back = encodeURIComponent(listingUrl);
  const offer = (
    <>
      <p>You have seen this month&apos;s free premium listings. Subscribers see every premium listing in full, with its address, photos and directions.</p>
      <p className="limit__actions">
        <Link className="button button--accent" to="/subscriptions">
          See the plans
        </Link>
        {member ? null : (
          <>
            <Link className="button button--quiet" to={`/join?redirectTo=${back}`}>
              Join
            </Link>
            <Link className="button button--quiet" to={`/account/login/?redirectTo=${back}`}>
              Log in
            </Link>
          </>
        )}
      </p>
    </>
  );

  return (
    <>
      <section className="limit" aria-labelledby="limit-title">
        <h2 id="limit-title">Subscribe to see the full details</h2>
        {offer}
      </section>
      {showModal ? (
        <dialog
          ref={dialog}
          className="modal limit-modal"
          aria-labelledby="limit-modal-title"
          onClose={() => {
            writeBrowserCookie(SEEN_COOKIE, new Date().toISOString(), SEEN_SECONDS);
          }}
        >
          <div className="modal__header">
            <h2 id="limit-modal-title" className="modal__title">
              You&apos;ve reached your limit
            </h2>
            <button type="button" className="modal__close" onClick={() => dialog.current?.close()}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">Close</span>
            </button>
          </div>
          <div className="modal__body">{offer}</div>
        </dialog>
      ) : null}
    </>
  );
}

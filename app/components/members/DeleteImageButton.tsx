import { useSubmit, type FetcherWithComponents } from "@remix-run/react";
import { useState } from "react";
import { DELETE_IMAGE_QUESTION } from "../../members/schemas";
import { Modal } from "../forms/Modal";

export interface DeleteImageButtonProps {
  label: string;
  /** Where the delete is posted, and the fields it sends (its intent…). */
  action: string;
  fields: Record<string, string>;
  /** Without JavaScript the button loads this page with `askParam` set, and the page asks the question. */
  askAction: string;
  askParam: string;
  busy?: boolean;
  busyLabel?: string;
  fetcher?: FetcherWithComponents<unknown>;
}

/**
 * An image's delete button that first asks 'Are you sure you want to delete this image?'
 * (account-and-back-office.md §5): with JavaScript in a dialog, without it on the page itself (a GET
 * to `askAction?askParam=1`, which renders DeleteImageQuestion).
 */
export function DeleteImageButton({ label, action, fields, askAction, askParam, busy = false, busyLabel, fetcher }: DeleteImageButtonProps) {
  const [asking, setAsking] = useState(false);
  const submit = useSubmit();

  function confirm() {
    setAsking(false);
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    if (fetcher) fetcher.submit(body, { method: "post", action });
    else submit(body, { method: "post", action });
  }

  return (
    <>
      <form
        method="get"
        action={askAction}
        onSubmit={(event) => {
          event.preventDefault();
          setAsking(true);
        }}
      >
        <input type="hidden" name={askParam} value="1" />
        <button type="submit" className="button button--quiet" disabled={busy} aria-busy={busy || undefined}>
          {busy && busyLabel ? busyLabel : label}
        </button>
      </form>
      <Modal title="Delete this image?" open={asking} onClose={() => setAsking(false)}>
        <p>{DELETE_IMAGE_QUESTION}</p>
        <div className="form-actions">
          <button type="button" className="button button--accent" onClick={confirm}>
            Yes, delete it
          </button>
          <button type="button" className="button button--quiet" onClick={() => setAsking(false)}>
            No, keep it
          </button>
        </div>
      </Modal>
    </>
  );
}

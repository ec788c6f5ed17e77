import { Form, Link, useNavigation } from "@remix-run/react";

export const END_ALL_CONFIRMATION = "Are you sure you want to cancel all sessions? You will be logged out.";

/** The spec's confirmation, as a page without JavaScript and inside a modal with it. */
export function EndAllSessionsForm({ onCancel }: { onCancel?: () => void }) {
  const busy = useNavigation().formAction === "/account/settings/sessions/end-all";
  return (
    <Form method="post" action="/account/settings/sessions/end-all" className="form-stack">
      <p className="form-lead">{END_ALL_CONFIRMATION}</p>
      <div className="form-actions">
        <button type="submit" className="button button--danger" disabled={busy}>
          {busy ? "Ending sessions…" : "End all sessions"}
        </button>
        {onCancel ? (
          <button type="button" className="button button--quiet" onClick={onCancel}>
            Cancel
          </button>
        ) : (
          <Link to="/account/settings/">Cancel</Link>
        )}
      </div>
    </Form>
  );
}

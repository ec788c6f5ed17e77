import { Form, Link } from "@remix-run/react";
import { loginPath } from "../../auth/redirect";
import { BusyButton } from "../forms/BusyButton";

/** Take the plan along (GPX, iCalendar, print), share its link, and save it (members). */
export function TripActions({ search, member, showSave = true }: { search: string; member: boolean; showSave?: boolean }) {
  const action = `/trip?${search}`;
  return (
    <section className="trip-actions" aria-labelledby="trip-actions-title">
      <h2 id="trip-actions-title">Take it along</h2>
      <ul className="trip-actions__list">
        <li>
          <a className="button button--quiet" href={`/trip/export.gpx?${search}`} download="pawroute-trip.gpx">
            Download for a sat-nav (GPX)
          </a>
        </li>
        <li>
          <a className="button button--quiet" href={`/trip/export.ics?${search}`} download="pawroute-trip.ics">
            Add the breaks to a calendar (iCalendar)
          </a>
        </li>
        <li>
          <Link className="button button--quiet" to={`/trip/print?${search}`}>
            Printable plan
          </Link>
        </li>
      </ul>
      <p className="trip-actions__link">
        This plan is its link: <Link to={action}>copy this page&apos;s address</Link> to share it; no account is needed to open it.
      </p>
      {showSave ? (
        member ? (
          <Form method="post" action={action} className="trip-actions__save">
            <input type="hidden" name="intent" value="save" />
            <BusyButton pending="Saving…" className="button button--accent">
              Save this trip
            </BusyButton>
          </Form>
        ) : (
          <p>
            <Link to={loginPath(action)}>Log in</Link> to save this trip in your account and share a read-only link.
          </p>
        )
      ) : null}
    </section>
  );
}

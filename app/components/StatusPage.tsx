import { Link, isRouteErrorResponse, useRouteError } from "@remix-run/react";

/** The one error boundary: a friendly page per status, with the way back. */
export function StatusPage() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const copy =
    status === 404
      ? { title: "We can't find that page", body: "The page may have moved, or the link may be mistyped." }
      : status === 403
        ? { title: "That page is not for you", body: "You don't have permission to see this page." }
        : status < 500
          ? { title: "Something was not right with that request", body: isRouteErrorResponse(error) ? String(error.data) : "" }
          : { title: "Sorry, something went wrong", body: "We have been told about it. Please try again in a moment." };
  if (status >= 500) console.error(error);
  return (
    <section className="status-page" aria-labelledby="status-title">
      <p className="status-page__code">{status}</p>
      <h1 id="status-title">{copy.title}</h1>
      {copy.body ? <p>{copy.body}</p> : null}
      <p>
        <Link className="button" to="/">
          Back to the homepage
        </Link>
      </p>
    </section>
  );
}

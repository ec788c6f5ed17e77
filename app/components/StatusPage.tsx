import { Link, isRouteErrorResponse, useRouteError } from "@remix-run/react";

export interface StatusCopy {
  status: number;
  title: string;
  body: string;
}

/** What a visitor reads for an error: one wording per status, shared by the page and its <title>. */
export function statusCopy(error: unknown): StatusCopy {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 404) {
    return {
      status,
      title: "We can't find that page",
      body: "We sniffed everywhere, but this page isn't here. It may have moved, or the link may be mistyped.",
    };
  }
  if (status === 403) return { status, title: "That page is not for you", body: "You don't have permission to see this page." };
  if (status < 500) {
    const detail = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : "";
    return { status, title: "Something was not right with that request", body: detail };
  }
  return { status, title: "Sorry, something went wrong", body: "We have been told about it. Please try again in a moment." };
}

// Points along the dotted path, alternating left and right foot, each turned to face the way it walks.
const TRAIL: { x: number; y: number; turn: number }[] = [
  { x: 28, y: 126, turn: 77 },
  { x: 58, y: 125, turn: 48 },
  { x: 68, y: 94, turn: 41 },
  { x: 97, y: 87, turn: 62 },
  { x: 122, y: 69, turn: 97 },
  { x: 146, y: 89, turn: 106 },
  { x: 176, y: 82, turn: 93 },
  { x: 204, y: 78, turn: 31 },
];

/** A trail of paw prints that wanders off and stops at a question mark. */
function LostTrail() {
  return (
    <svg className="status-page__art" viewBox="0 0 260 150" aria-hidden="true" focusable="false">
      <path
        d="M16 134 C 70 134, 70 70, 120 76 S 184 108, 204 62"
        className="status-page__trail"
      />
      {TRAIL.map((paw, index) => (
        <g key={paw.x} transform={`translate(${paw.x} ${paw.y}) rotate(${paw.turn}) scale(0.8)`} className="status-page__paw" opacity={0.3 + index * 0.1}>
          <ellipse cx="0" cy="4" rx="6" ry="5" />
          <circle cx="-7" cy="-3" r="2.4" />
          <circle cx="-2.5" cy="-8" r="2.4" />
          <circle cx="2.5" cy="-8" r="2.4" />
          <circle cx="7" cy="-3" r="2.4" />
        </g>
      ))}
      <circle cx="228" cy="38" r="24" className="status-page__mark" />
      <text x="228" y="50" textAnchor="middle" className="status-page__question">
        ?
      </text>
    </svg>
  );
}

/** The one error boundary: a friendly page per status, inside the site shell, with the way back. */
export function StatusPage() {
  const error = useRouteError();
  const copy = statusCopy(error);
  if (copy.status >= 500) console.error(error);
  return (
    <section className="status-page container" aria-labelledby="status-title">
      <LostTrail />
      <p className="status-page__code">
        <span className="visually-hidden">Error </span>
        {copy.status}
      </p>
      <h1 id="status-title">{copy.title}</h1>
      {copy.body ? <p className="status-page__body">{copy.body}</p> : null}
      <div className="status-page__actions">
        <Link className="button" to="/">
          Back to the homepage
        </Link>
      </div>
    </section>
  );
}

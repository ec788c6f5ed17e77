import { Link, useRouteError } from "@remix-run/react";
import { usePageContext } from "../ops/page-context";
import { errorData, statusCopy } from "./StatusPage";

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

/** The error page (app/components/StatusPage.tsx): one <section>, the element kept while its code loads. */
export function StatusPageView() {
  const error = useRouteError();
  const copy = statusCopy(error);
  const page = usePageContext();
  // The id of the request that failed (from the server's answer), else of this page's own request.
  const requestId = errorData(error).requestId || page.requestId;
  return (
    <section className="status-page container" aria-labelledby="status-title">
      <LostTrail />
      <p className="status-page__code">
        <span className="visually-hidden">Error </span>
        {copy.status}
      </p>
      <h1 id="status-title">{copy.title}</h1>
      {copy.detail ? <p className="status-page__body status-page__detail">{copy.detail}</p> : null}
      <p className="status-page__body">{copy.body}</p>
      <div className="status-page__actions">
        {copy.retry ? (
          <a className="button" href="">
            Try again
          </a>
        ) : null}
        <Link className={copy.retry ? "button button--quiet" : "button"} to="/">
          Back to the homepage
        </Link>
      </div>
      {copy.status >= 500 && requestId ? (
        <p className="status-page__request">
          If you contact us about this, please quote the reference <code>{requestId}</code>.
        </p>
      ) : null}
    </section>
  );
}

import { Link, isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { isAppErrorData } from "../../core/errors";
import { usePageContext } from "../ops/page-context";

export interface StatusCopy {
  status: number;
  title: string;
  body: string;
  /** What the server said about this request, when it is safe and useful to show. */
  detail: string;
  /** Seconds before trying again makes sense (429, 503). */
  retry: boolean;
}

const COPY: Record<number, { title: string; body: string; retry?: boolean }> = {
  400: { title: "Something was not right with that request", body: "We couldn't read part of the address or the form. Please check it and try again." },
  401: { title: "Please log in", body: "You need to log in to see this page." },
  402: { title: "The payment did not go through", body: "Your card or bank did not accept the payment. Please check your payment details and try again." },
  403: { title: "That page is not for you", body: "You don't have permission to see this page." },
  404: { title: "We can't find that page", body: "We sniffed everywhere, but this page isn't here. It may have moved, or the link may be mistyped." },
  409: { title: "That has changed in the meantime", body: "Someone (perhaps you, in another tab) changed this first. Please reload the page and try again." },
  410: { title: "That link has expired", body: "The link is no longer valid." },
  413: { title: "That was too big", body: "What you sent is larger than we accept." },
  429: { title: "Slow down a little", body: "You have made a lot of requests in a short time. Please wait a minute and try again.", retry: true },
  503: { title: "We'll be right back", body: "Pawroute is briefly unavailable while we sort something out. Please try again in a few seconds.", retry: true },
  500: { title: "Sorry, something went wrong", body: "We have been told about it. Please try again in a moment." },
};

function errorData(error: unknown): { message: string; requestId: string } {
  if (!isRouteErrorResponse(error)) return { message: "", requestId: "" };
  if (typeof error.data === "string") return { message: error.data.length < 300 ? error.data : "", requestId: "" };
  if (isAppErrorData(error.data)) return { message: error.data.message, requestId: error.data.requestId ?? "" };
  return { message: "", requestId: "" };
}

/** What a visitor reads for an error: one wording per status, shared by the page and its <title>. */
export function statusCopy(error: unknown): StatusCopy {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const copy = COPY[status] ?? (status < 500 ? COPY[400] : status === 503 ? COPY[503] : COPY[500]);
  const { message } = errorData(error);
  // A 4xx message is written for people (AppError); a 5xx one never reaches the page.
  const detail = status < 500 && message && message !== copy.body && message !== "Not found" ? message : "";
  return { status, title: copy.title, body: copy.body, detail, retry: copy.retry ?? false };
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

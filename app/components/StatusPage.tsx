import { isRouteErrorResponse } from "@remix-run/react";
import { Suspense } from "react";
import { isAppErrorData } from "../../core/errors";
import { lateComponent } from "./search/hooks";

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

export function errorData(error: unknown): { message: string; requestId: string } {
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

// The page itself (its picture and links) is not in every page's first JavaScript: it is in the server's
// HTML, and hydrates when its code arrives (decision 0321); the wording above stays, for the <title>.
const StatusPageView = lateComponent(() => import("./StatusPageView").then((module) => module.StatusPageView));

/** The one error boundary: a friendly page per status, inside the site shell, with the way back. */
export function StatusPage() {
  return (
    <Suspense fallback={null}>
      <StatusPageView />
    </Suspense>
  );
}

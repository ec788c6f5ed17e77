import type { MetaFunction } from "@remix-run/node";
import { StatusPage } from "../components/StatusPage";
import { AppError } from "../../core/errors";

/** Any path no route matches: a real 404 page, inside the site shell. */
export function loader() {
  throw new AppError(404, "Not found");
}

export const meta: MetaFunction = () => [
  { title: "Page not found — Pawroute" },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <StatusPage />;
}

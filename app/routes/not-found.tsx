import { StatusPage } from "../components/StatusPage";

/** Any path no route matches: a real 404 page. */
export function loader() {
  throw new Response("Not found", { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <StatusPage />;
}

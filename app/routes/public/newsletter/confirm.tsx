import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { confirmNewsletter } from "../../../blog/newsletter.server";
import { StatusPage } from "../../../components/StatusPage";

/** GET /newsletter/confirm?token=…: the double opt-in's mailed link. */
export async function loader({ request }: LoaderFunctionArgs) {
  await confirmNewsletter(new URL(request.url).searchParams.get("token"));
  return { confirmed: true };
}

export default function ConfirmNewsletter() {
  return (
    <div className="container status-page">
      <h1>Thank you, your subscription is confirmed</h1>
      <p>You will receive the Pawroute newsletter from the next issue. Every mail has a one-click unsubscribe link.</p>
      <p>
        <Link to="/bark-out">Read Bark Out</Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Subscription confirmed — Pawroute" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <StatusPage />;
}

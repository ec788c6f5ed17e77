import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { refuseSubmission, requireMember } from "../../auth/guards.server";

import membersStyles from "../../styles/members.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: membersStyles }];

export const meta: MetaFunction = () => [{ title: "Receipts — Pawroute" }];

// Payments (issue 15) add the receipts table: rows as <details>/<summary> so they open and close without JavaScript.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return null;
}

export function action({ request }: ActionFunctionArgs) {
  return refuseSubmission(request, requireMember);
}

export default function Receipts() {
  return (
    <div className="container account-page">
      <p className="eyebrow">
        <Link to="/account">Your account</Link>
      </p>
      <h1>Receipts</h1>
      <div className="account-card receipts-empty">
        <p>You have no receipts yet. When you subscribe to a plan, a receipt for each payment appears here.</p>
        <p>
          <Link to="/subscriptions" className="button button--accent">
            See the subscription plans
          </Link>
        </p>
      </div>
    </div>
  );
}

import { Link } from "@remix-run/react";

/** What a subscription page shows a member without one: why, and the way to choose a plan. */
export function NoSubscription({ message }: { message: string }) {
  return (
    <div className="account-card">
      <p>{message}</p>
      <p>
        <Link className="button button--accent" to="/account/select-plan">
          Choose a plan
        </Link>
      </p>
    </div>
  );
}

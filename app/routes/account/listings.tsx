import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { pageOf } from "../../account/own-status";
import { ownListings } from "../../account/own.server";
import { refuseMemberSubmission, requireMember } from "../../auth/guards.server";
import { StatusPage } from "../../components/StatusPage";
import { OwnDate, OwnPager, StatusTag } from "../../components/account/OwnParts";
import formStyles from "../../styles/forms.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: formStyles }];

export const meta: MetaFunction = () => [{ title: "Your listings — Pawroute" }];

/** /account/listings: the member's own listings with their status (docs/decisions/0003) and date. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  return ownListings(user.id, pageOf(new URL(request.url).searchParams.get("page")));
}

export const action = refuseMemberSubmission;

const CHANGE_NOTE = {
  draft: "Your latest changes are saved as a draft.",
  held: "Your latest changes will be sent to our team when you confirm your email address.",
  waiting: "Your latest changes are awaiting moderation.",
  changes: "Our team asked for changes to your latest edit before it goes live.",
} as const;

export default function YourListings() {
  const { items, page, totalPages, total } = useLoaderData<typeof loader>();
  return (
    <div className="container account-page">
      <h1>Your listings</h1>
      <p className="form-lead">
        {total === 0 ? "You haven't added a listing yet." : `${total === 1 ? "1 listing" : `${total} listings`} you added, most recently saved first.`}{" "}
        <Link to="/add-listing">Add a listing</Link>
      </p>
      {items.length > 0 ? (
        <ul className="own-items">
          {items.map((listing) => (
            <li key={listing.id} className="own-item" data-status={listing.status}>
              <h2>
                <Link to={listing.url}>{listing.title}</Link>
              </h2>
              <p className="own-item__meta">
                <StatusTag status={listing.status} />
                <OwnDate iso={listing.date} label={listing.status === "draft" ? "Saved" : "Updated"} />
              </p>
              {listing.status === "held" ? <p className="own-item__meta">It will be sent to our team as soon as you confirm your email address.</p> : null}
              {listing.status === "denied" ? <p className="own-item__meta">Our team did not accept this listing. You can change it and send it again.</p> : null}
              {listing.status === "changes" ? <p className="own-item__meta">Our team asked for changes before it goes live. Edit it and send it again.</p> : null}
              {listing.pendingChange ? <p className="own-item__meta">{CHANGE_NOTE[listing.pendingChange]}</p> : null}
              {listing.reason ? (
                <p className="own-item__reason">
                  <strong>{listing.status === "denied" ? "Why it was not accepted:" : "What to change:"}</strong> {listing.reason}
                </p>
              ) : null}
              <p className="own-item__actions">
                <Link to={`${listing.url}/edit`} className="button button--quiet">
                  {listing.status === "changes" || listing.pendingChange === "changes" ? "Make the changes" : listing.status === "draft" || listing.pendingChange === "draft" ? "Continue the draft" : "Edit"}
                  <span className="visually-hidden"> {listing.title}</span>
                </Link>
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      <OwnPager path="/account/listings" page={page} totalPages={totalPages} />
    </div>
  );
}

export function ErrorBoundary() {
  return <StatusPage />;
}

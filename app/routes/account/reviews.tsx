import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { pageOf } from "../../account/own-status";
import { ownReviews } from "../../account/own.server";
import { refuseMemberSubmission, requireMember } from "../../auth/guards.server";
import { StatusPage } from "../../components/StatusPage";
import { OwnDate, OwnPager, StatusTag } from "../../components/account/OwnParts";
import formStyles from "../../styles/forms.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: formStyles }];

export const meta: MetaFunction = () => [{ title: "Your reviews — Pawroute" }];

/** /account/reviews: the reviews the member wrote, with their moderation status and date. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  return ownReviews(user.id, pageOf(new URL(request.url).searchParams.get("page")));
}

export const action = refuseMemberSubmission;

export default function YourReviews() {
  const { items, page, totalPages, total } = useLoaderData<typeof loader>();
  return (
    <div className="container account-page">
      <h1>Your reviews</h1>
      <p className="form-lead">{total === 0 ? "You haven't written a review yet. Find a place you know and tell other dog owners about it." : `${total === 1 ? "1 review" : `${total} reviews`}, newest first.`}</p>
      {items.length > 0 ? (
        <ul className="own-items">
          {items.map((review) => (
            <li key={review.id} className="own-item" data-status={review.status}>
              <h2>
                <Link to={review.listing.url}>{review.listing.title}</Link>
              </h2>
              <p className="own-item__meta">
                <StatusTag status={review.status} />
                <span>
                  {review.rating} out of 5 stars
                </span>
                <OwnDate iso={review.date} label="Written" />
              </p>
              {review.title ? <p className="own-item__title">{review.title}</p> : null}
              <p>{review.excerpt}</p>
              {review.status === "waiting" ? <p className="own-item__meta">Our team will check it before it is shown.</p> : null}
              {review.reason ? (
                <p className="own-item__reason">
                  <strong>Why it was not accepted:</strong> {review.reason}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <OwnPager path="/account/reviews" page={page} totalPages={totalPages} />
    </div>
  );
}

export function ErrorBoundary() {
  return <StatusPage />;
}

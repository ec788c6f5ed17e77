import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StatusPage } from "../../../components/StatusPage";
import { VerificationBanner } from "../../../components/forms/VerificationBanner";
import { ListingSubpage } from "../../../components/listing/ListingSubpage";
import { ReviewForm } from "../../../components/listing/ReviewForm";
import formStyles from "../../../styles/forms.css?url";
import listingFormStyles from "../../../styles/listing-form.css?url";
import listingStyles from "../../../styles/listing.css?url";
import { reviewPage, submitReview } from "./review.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: listingStyles },
  { rel: "stylesheet", href: listingFormStyles },
];

/** /{type}/{slug}/review: members only (visitors go to log in and come back); also loaded into a modal. */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  return reviewPage(request, params.slug, context);
}

export function action({ request, params, context }: ActionFunctionArgs) {
  return submitReview(request, params.slug, context);
}

export default function WriteReview() {
  const data = useLoaderData<typeof loader>();
  return (
    <ListingSubpage listing={data.listing} heading={`Review ${data.listing.fullTitle}`}>
      {data.unverifiedEmail ? <VerificationBanner email={data.unverifiedEmail} /> : null}
      <div className="form-panel">
        <ReviewForm data={data} />
      </div>
    </ListingSubpage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Review ${data.listing.title} — Pawroute` : "Write a review — Pawroute" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <StatusPage />;
}

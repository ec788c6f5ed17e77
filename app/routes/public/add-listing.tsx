import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StatusPage } from "../../components/StatusPage";
import { ListingForm } from "../../components/listing/ListingForm";
import { listingFormAction, listingFormPage } from "../../listings/form-page.server";
import formStyles from "../../styles/forms.css?url";
import listingFormStyles from "../../styles/listing-form.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: listingFormStyles },
];

export const meta: MetaFunction = () => [{ title: "Add a listing — Pawroute" }];

/** /add-listing: anyone may add a listing; visitors pass the captcha, members may also save drafts. */
export function loader({ request, context }: LoaderFunctionArgs) {
  return listingFormPage(request, "add", undefined, context);
}

export function action({ request, context }: ActionFunctionArgs) {
  return listingFormAction(request, "add", undefined, context);
}

export default function AddListing() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="container listing-form-page">
      <h1>Add a dog-friendly place</h1>
      <p className="form-lead">Know a great walk, pub, beach or vet? Tell other dog owners about it.</p>
      {data.sent ? (
        <p className="form-notice" role="status">
          Thank you! Your listing has been sent to our team, who will check it before it goes live.
        </p>
      ) : null}
      <ListingForm data={data} action="/add-listing" />
    </div>
  );
}

export function ErrorBoundary() {
  return <StatusPage />;
}

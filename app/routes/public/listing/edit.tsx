import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StatusPage } from "../../../components/StatusPage";
import { ListingForm } from "../../../components/listing/ListingForm";
import { listingFormAction, listingFormPage } from "../../../listings/form-page.server";
import formStyles from "../../../styles/forms.css?url";
import listingFormStyles from "../../../styles/listing-form.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: listingFormStyles },
];

/** /{type}/{slug}/edit: the author or an administrator edits; each save is a new version. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return listingFormPage(request, "edit", params.slug);
}

export function action({ request, params, context }: ActionFunctionArgs) {
  return listingFormAction(request, "edit", params.slug, context);
}

export default function EditListing() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="container listing-form-page">
      {data.listing ? (
        <p className="eyebrow">
          <Link to={data.listing.url}>Back to {data.listing.title}</Link>
        </p>
      ) : null}
      <h1>Edit {data.listing?.title ?? "listing"}</h1>
      <ListingForm data={data} action={data.listing ? `${data.listing.url}/edit` : "/add-listing"} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.listing ? `Edit ${data.listing.title} — Pawroute` : "Edit listing — Pawroute" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <StatusPage />;
}

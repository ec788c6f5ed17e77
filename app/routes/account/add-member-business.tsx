import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StatusPage } from "../../components/StatusPage";
import { ListingForm } from "../../components/listing/ListingForm";
import { listingFormAction, listingFormPage } from "../../listings/form-page.server";
import listingFormStyles from "../../styles/listing-form.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: listingFormStyles }];

export const meta: MetaFunction = () => [{ title: "Add your business — Pawroute" }];

/** /account/add-member-business: members list their dog-friendly business (member business, accommodation or services). */
export function loader({ request }: LoaderFunctionArgs) {
  return listingFormPage(request, "business");
}

export function action({ request, context }: ActionFunctionArgs) {
  return listingFormAction(request, "business", undefined, context);
}

export default function AddMemberBusiness() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="container listing-form-page">
      <h1>Add your business</h1>
      <p className="form-lead">List your dog-friendly business, accommodation or dog services.</p>
      <ListingForm data={data} action="/account/add-member-business" />
    </div>
  );
}

export function ErrorBoundary() {
  return <StatusPage />;
}

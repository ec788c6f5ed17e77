import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { StatusPage } from "../../../components/StatusPage";
import { FormAlert, formErrorOf } from "../../../components/forms/FormParts";
import { FavouriteLists } from "../../../components/listing/FavouriteLists";
import { ListingSubpage } from "../../../components/listing/ListingSubpage";
import { favouriteAction, favouritePage } from "../../../favourites/page.server";
import formStyles from "../../../styles/forms.css?url";
import listingStyles from "../../../styles/listing.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: listingStyles },
];

/** /{type}/{slug}/favourite: add the listing to the member's lists, or to a new one (also loaded into a modal). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return favouritePage(request, params.slug);
}

export function action({ request, params }: ActionFunctionArgs) {
  return favouriteAction(request, params.slug);
}

export default function Favourite() {
  const data = useLoaderData<typeof loader>();
  const result: unknown = useActionData();
  return (
    <ListingSubpage listing={data.listing} heading={`Save ${data.listing.title} to your lists`}>
      <FormAlert message={formErrorOf(result)} />
      <FavouriteLists data={data} />
    </ListingSubpage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Save ${data.listing.title} — Pawroute` : "Favourites — Pawroute" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <StatusPage />;
}

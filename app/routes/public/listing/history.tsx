import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getSessionUser } from "../../../auth/guards.server";
import { StatusPage } from "../../../components/StatusPage";
import { HistoryList } from "../../../components/listing/History";
import { ListingSubpage } from "../../../components/listing/ListingSubpage";
import { sql } from "../../../db.server";
import { listingHistory } from "../../../listings/history.server";
import { canManage, listingForRequest } from "../../../listings/listing.server";
import listingStyles from "../../../styles/listing.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: listingStyles }];

/** /dog-walk/_{id}/history (and /{type}/{slug}/history): the versions of a listing; also loaded into a modal. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  const listing = await listingForRequest(sql(), request, params.slug, user, { byIdAnyType: true });
  return listingHistory(sql(), listing, canManage(listing, user));
}

export default function ListingHistory() {
  const data = useLoaderData<typeof loader>();
  return (
    <ListingSubpage listing={data.listing} heading={`History of ${data.listing.title}`}>
      <HistoryList data={data} />
    </ListingSubpage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `History of ${data.listing.title} — Pawroute` : "History — Pawroute" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <StatusPage />;
}

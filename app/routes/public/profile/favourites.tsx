import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StatusPage } from "../../../components/StatusPage";
import { FavouriteCards } from "../../../components/listing/FavouriteCards";
import { resultCards } from "../../../favourites/cards.server";
import { favouriteListingIds, LIST_NOT_FOUND, publicList } from "../../../favourites/favourites.server";
import listingStyles from "../../../styles/listing.css?url";
import searchStyles from "../../../styles/search.css?url";
import { parseDatabaseId } from "../../../../core/ids";
import { AppError } from "../../../../core/errors";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: searchStyles },
  { rel: "stylesheet", href: listingStyles },
];

/** /profile/{username}/favourites/{id}: a member's list as result cards, for anyone with the link. */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = parseDatabaseId(params.id);
  const found = id ? await publicList(params.username ?? "", id) : null;
  if (!found) throw new AppError(404, LIST_NOT_FOUND);
  return { name: found.list.name, description: found.list.description, username: found.username, cards: await resultCards(await favouriteListingIds(found.userId, found.list.id)) };
}

export default function ProfileFavourites() {
  const { name, description, username, cards } = useLoaderData<typeof loader>();
  return (
    <div className="container favourites-page listing-subpage">
      <p className="eyebrow">{username}&apos;s favourites</p>
      <h1>{name}</h1>
      {description ? <p className="form-lead">{description}</p> : null}
      <FavouriteCards cards={cards} removable={false} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.name} — ${data.username}'s favourites — Pawroute` : "Favourites — Pawroute" }];

export function ErrorBoundary() {
  return <StatusPage />;
}

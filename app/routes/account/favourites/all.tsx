import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { refuseMemberSubmission } from "../../../auth/guards.server";
import { FavouriteCards } from "../../../components/listing/FavouriteCards";
import { allFavourites } from "../../../favourites/account.server";
import listingStyles from "../../../styles/listing.css?url";
import searchStyles from "../../../styles/search.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: searchStyles },
  { rel: "stylesheet", href: listingStyles },
];

export const meta: MetaFunction = () => [{ title: "All your favourites — Pawroute" }];

/** /account/favourites/all: every favourite of every list, as result cards. */
export function loader({ request }: LoaderFunctionArgs) {
  return allFavourites(request);
}

/** The page takes no form: visitors are sent to log in, members get 405. */
export const action = refuseMemberSubmission;

export default function AllFavourites() {
  const { cards } = useLoaderData<typeof loader>();
  return (
    <div className="container account-page favourites-page">
      <p className="eyebrow">
        <Link to="/account/favourites">Your favourites</Link>
      </p>
      <h1>All your favourites</h1>
      <FavouriteCards cards={cards} removable={false} />
    </div>
  );
}

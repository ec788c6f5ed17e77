import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StatusPage } from "../../../components/StatusPage";
import { DirectionsForm, directionsLinks, DirectionsMap, directionsSearch, DirectionsSteps, DirectionsTotals } from "../../../components/listing/Directions";
import { ListingSubpage } from "../../../components/listing/ListingSubpage";
import { PrintButton } from "../../../components/listing/ShareButton";
import { directionsResponse } from "../../../listings/directions.server";

export const links = directionsLinks;

/** /{type}/{slug}/directions?from=…: directions from a typed place or the current location (a GET form). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return directionsResponse(request, params.slug);
}

export default function Directions() {
  const { listing, query, outcome } = useLoaderData<typeof loader>();
  const action = `${listing.url}/directions`;
  return (
    <ListingSubpage listing={listing} heading={`Directions to ${listing.fullTitle}`}>
      <DirectionsForm action={action} from={query.from} geoLocation={query.geoLocation} fromId={query.fromId} error={outcome.kind === "error" ? outcome.message : null} />
      {outcome.kind === "route" ? (
        <section aria-labelledby="route-title">
          <h2 id="route-title">Your route from {outcome.directions.points[0]?.label ?? query.from}</h2>
          <DirectionsTotals directions={outcome.directions} />
          <DirectionsMap line={outcome.line} points={outcome.directions.points} label={`Map of the route to ${listing.title}`} />
          <DirectionsSteps directions={outcome.directions} />
          <p className="directions__actions">
            <Link to={`${listing.url}/directions/print?${directionsSearch(query)}`} className="button button--quiet">
              Printable directions
            </Link>
            <PrintButton label="Print this page" />
          </p>
        </section>
      ) : null}
    </ListingSubpage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: page ? `Directions to ${page.listing.fullTitle} — Pawroute` : "Directions — Pawroute" },
  { name: "robots", content: "noindex" },
  { name: "description", content: page ? `Step-by-step driving directions to ${page.listing.fullTitle}, with distances.` : "Step-by-step driving directions to a dog-friendly place." },
];

export function ErrorBoundary() {
  return <StatusPage />;
}

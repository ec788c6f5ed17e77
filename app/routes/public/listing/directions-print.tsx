import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StatusPage } from "../../../components/StatusPage";
import { directionsLinks, DirectionsMap, directionsSearch, DirectionsSteps, DirectionsTotals } from "../../../components/listing/Directions";
import { PrintButton } from "../../../components/listing/ShareButton";
import { directionsResponse } from "../../../listings/directions.server";

export const links = directionsLinks;

/** /{type}/{slug}/directions/print?from=…: the directions laid out for paper, with a print button. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return directionsResponse(request, params.slug);
}

export default function DirectionsPrint() {
  const { listing, query, outcome } = useLoaderData<typeof loader>();
  const back = `${listing.url}/directions?${directionsSearch(query)}`;
  return (
    <div className="container listing-subpage directions-print">
      <p className="directions__actions">
        <PrintButton label="Print these directions" />
        <Link to={back} className="button button--quiet">
          Back to the directions
        </Link>
      </p>
      <noscript>
        <p>Use your browser&apos;s Print command to print these directions.</p>
      </noscript>
      <h1>Directions to {listing.fullTitle}</h1>
      {outcome.kind === "route" ? (
        <>
          <p>
            From <strong>{outcome.directions.points[0]?.label ?? query.from}</strong> to <strong>{listing.fullTitle}</strong>
          </p>
          {listing.address ? (
            // A div: an <address> may not sit inside a <p> (the parser would split them and hydration fail).
            <div className="directions-print__address">
              Address: <address>{listing.address}</address>
            </div>
          ) : null}
          <DirectionsTotals directions={outcome.directions} />
          <DirectionsMap line={outcome.line} points={outcome.directions.points} label={`Map of the route to ${listing.title}`} printable />
          <DirectionsSteps directions={outcome.directions} />
        </>
      ) : (
        <p role="alert">{outcome.kind === "error" ? outcome.message : "Please enter a starting point on the directions page first."}</p>
      )}
      {/* The printout leaves out the site's header and footer, so it names its source and the map data's licence itself. */}
      <p className="directions-print__source">
        Directions from Pawroute, the dog-friendly travel directory. Map and road data: © OpenStreetMap contributors (ODbL) where loaded; towns: GeoNames (CC BY 4.0); land and coastline: Natural Earth.
      </p>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: page ? `Printable directions to ${page.listing.fullTitle} — Pawroute` : "Directions — Pawroute" },
  { name: "robots", content: "noindex" },
  { name: "description", content: page ? `Step-by-step driving directions to ${page.listing.fullTitle}, with distances.` : "Step-by-step driving directions to a dog-friendly place." },
];

export function ErrorBoundary() {
  return <StatusPage />;
}

import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StatusPage } from "../../../components/StatusPage";
import { DirectionsForm, DirectionsMap, DirectionsSteps, DirectionsTotals } from "../../../components/listing/Directions";
import { PrintButton } from "../../../components/listing/ShareButton";
import { loadDirections } from "../../../listings/directions.server";
import formStyles from "../../../styles/forms.css?url";
import listingStyles from "../../../styles/listing.css?url";
import searchStyles from "../../../styles/search.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: searchStyles },
  { rel: "stylesheet", href: listingStyles },
];

/** /{type}/{slug}/directions?from=…: directions from a typed place or the current location (a GET form). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { status, page } = await loadDirections(request, params.slug);
  return data(page, { status });
}

export default function Directions() {
  const { listing, query, outcome } = useLoaderData<typeof loader>();
  const action = `${listing.url}/directions`;
  const printQuery = new URLSearchParams({ from: query.from, ...(query.geoLocation ? { "geo-location": query.geoLocation } : {}), ...(query.fromId ? { "from-id": query.fromId } : {}) }).toString();
  return (
    <div className="container listing-subpage">
      <p className="eyebrow">
        <Link to={listing.url}>Back to {listing.title}</Link>
      </p>
      <h1>Directions to {listing.fullTitle}</h1>
      <DirectionsForm action={action} from={query.from} geoLocation={query.geoLocation} fromId={query.fromId} error={outcome.kind === "error" ? outcome.message : null} />
      {outcome.kind === "route" ? (
        <section aria-labelledby="route-title">
          <h2 id="route-title">Your route from {outcome.directions.points[0]?.label ?? query.from}</h2>
          <DirectionsTotals directions={outcome.directions} />
          <DirectionsMap line={outcome.line} points={outcome.directions.points} label={`Map of the route to ${listing.title}`} />
          <DirectionsSteps directions={outcome.directions} />
          <p className="directions__actions">
            <Link to={`${listing.url}/directions/print?${printQuery}`} className="button button--quiet">
              Printable directions
            </Link>
            <PrintButton label="Print this page" />
          </p>
        </section>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: page ? `Directions to ${page.listing.fullTitle} — Pawroute` : "Directions — Pawroute" },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <StatusPage />;
}

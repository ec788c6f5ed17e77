import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StatusPage } from "../../../components/StatusPage";
import { PrintButton } from "../../../components/listing/ShareButton";
import { TripMap } from "../../../components/trips/TripMap";
import { TripPlanView } from "../../../components/trips/TripPlanView";
import { planOfRequest } from "../../../trips/plan.server";
import { tripSearchParams } from "../../../../geo/trip/query";
import printStyles from "../../../styles/print.css?url";
import searchStyles from "../../../styles/search.css?url";
import tripStyles from "../../../styles/trip.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: searchStyles },
  { rel: "stylesheet", href: tripStyles },
  { rel: "stylesheet", href: printStyles },
];

/** /trip/print?{plan}: the plan laid out for paper, with the map and the stops. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { query, plan } = await planOfRequest(request);
  return data({ query, plan, search: tripSearchParams(query).toString() });
}

export default function TripPrint() {
  const { query, plan, search } = useLoaderData<typeof loader>();
  return (
    <div className="container trip-page trip-print">
      <p className="trip-print__actions">
        <PrintButton label="Print this plan" />
        <Link to={`/trip?${search}`} className="button button--quiet">
          Back to the plan
        </Link>
      </p>
      <noscript>
        <p>Use your browser&apos;s Print command to print this plan.</p>
      </noscript>
      <h1>Your drive with dog breaks</h1>
      <TripMap plan={plan} label="Map of the drive and its stops" printable />
      <TripPlanView plan={plan} search={search} kind={query.kind} editable={false} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = () => [{ title: "Printable trip plan — Pawroute" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <StatusPage />;
}

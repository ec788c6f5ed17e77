import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StatusPage } from "../../../components/StatusPage";
import { KeepOffline } from "../../../components/offline/KeepOffline";
import { TripActions } from "../../../components/trips/TripActions";
import { TripMap } from "../../../components/trips/TripMap";
import { TripPlanView } from "../../../components/trips/TripPlanView";
import { sharedTripPage } from "../../../trips/shared.server";
import formStyles from "../../../styles/forms.css?url";
import searchStyles from "../../../styles/search.css?url";
import tripStyles from "../../../styles/trip.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: searchStyles },
  { rel: "stylesheet", href: tripStyles },
];

/** /trips/{shareId}: a member's shared trip, read-only, for anyone with the link. */
export async function loader({ params }: LoaderFunctionArgs) {
  return data(await sharedTripPage(params.shareId ?? ""));
}

export default function SharedTrip() {
  const { name, query, plan, search, shareId } = useLoaderData<typeof loader>();
  return (
    <div className="container trip-page">
      <p className="eyebrow">A shared trip</p>
      <h1>{name}</h1>
      <p>
        A read-only plan someone shared with you. <Link to={`/trip?${search}`}>Open it in the planner</Link> to change it for your own drive.
      </p>
      <div className="trip-layout">
        <TripPlanView plan={plan} search={search} kind={query.kind} editable={false} />
        <TripMap plan={plan} label="Map of the drive and its stops" />
      </div>
      <TripActions search={search} member={false} showSave={false} />
      <KeepOffline kind="shared-trip" id={shareId} title={name} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page ? `${page.name} — a shared trip — Pawroute` : "A shared trip — Pawroute" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <StatusPage />;
}

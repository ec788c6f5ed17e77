import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StatusPage } from "../../components/StatusPage";
import { MotorwaySearch } from "../../components/search/MotorwaySearch";
import { loadMotorwayPage } from "../../search/motorway.server";
import formStyles from "../../styles/forms.css?url";
import searchStyles from "../../styles/search.css?url";

// /motorway-search (UK) and /motorway-search-france: choose a road and go to its browse page.

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: searchStyles },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { status, page } = await loadMotorwayPage(request);
  return data(page, { status });
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: page?.country === "france" ? "Autoroute search: dog-friendly stops in France — Pawroute" : "Motorway search: dog-friendly stops by junction — Pawroute" },
  { name: "description", content: "Choose a motorway or main road and see the dog walks, pubs, beaches and vets near each of its junctions." },
];

export default function MotorwaySearchPage() {
  const page = useLoaderData<typeof loader>();
  const france = page.country === "france";
  return (
    <div className="motorway-page container">
      <header className="motorway-page__header">
        <p className="eyebrow">{france ? "Autoroutes in France" : "UK motorways"}</p>
        <h1>{france ? "Dog-friendly stops by autoroute" : "Dog-friendly stops by motorway"}</h1>
        <p className="motorway-page__lead">Pick a road to see the walks, pubs, beaches and vets near each of its junctions, in junction order.</p>
        <p className="motorway-page__switch">
          {france ? <Link to="/motorway-search">UK motorways</Link> : <Link to="/motorway-search-france">Autoroutes in France</Link>}
        </p>
      </header>
      <MotorwaySearch key={page.path} page={page} />
    </div>
  );
}

export function ErrorBoundary() {
  return <StatusPage />;
}

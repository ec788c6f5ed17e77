import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StatusPage } from "../../components/StatusPage";
import { SearchPage } from "../../components/search/SearchPage";
import { SearchMapLayout } from "../../components/map/SearchMapLayout";
import { resultsMeta } from "../../search/meta";
import { loadResultsPage } from "../../search/results.server";
import { keepResultsAfterFavouriting } from "../../search/revalidate";
import mapStyles from "../../styles/map.css?url";
import formStyles from "../../styles/forms.css?url";
import searchStyles from "../../styles/search.css?url";

// The map view: /map-search-results, /map/{browse|location|route}[/{segment}] and
// /map/browse/road/{country}/{road-slug}[/{segment}]. The page carries the results list too, so it
// is useful without JavaScript; the map (MapLibre) loads as a separate chunk in the browser.

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: searchStyles },
  { rel: "stylesheet", href: mapStyles },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { status, page } = await loadResultsPage(request, "map");
  return data(page, { status });
}

export const shouldRevalidate = keepResultsAfterFavouriting;

export const meta: MetaFunction<typeof loader> = ({ data: page, matches }) => resultsMeta(page, matches, "Map of ");

export default function MapResults() {
  const page = useLoaderData<typeof loader>();
  return <SearchPage page={page} MapLayout={SearchMapLayout} />;
}

export function ErrorBoundary() {
  return <StatusPage />;
}

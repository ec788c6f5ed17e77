import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { searchRoad } from "../../../../geo/search/road";
import { StatusPage } from "../../../components/StatusPage";
import { SearchPage } from "../../../components/search/SearchPage";
import { resultsMeta } from "../../../search/meta";
import { loadResultsPage } from "../../../search/results.server";
import { resultsLinks } from "../../../search/results-route";
import { keepResultsAfterFavouriting } from "../../../search/revalidate";

// Results along a road: /browse/road/{country}/{road-slug}[/junction-{n}][/{segment}]; the search is geo/search/road.ts (decision 0306).

export const links = resultsLinks;

export async function loader({ request }: LoaderFunctionArgs) {
  const { status, page } = await loadResultsPage(request, "list", searchRoad);
  return data(page, { status });
}

export const shouldRevalidate = keepResultsAfterFavouriting;

export const meta: MetaFunction<typeof loader> = ({ data: page, matches }) => resultsMeta(page, matches);

export default function Results() {
  const page = useLoaderData<typeof loader>();
  return <SearchPage page={page} />;
}

export function ErrorBoundary() {
  return <StatusPage />;
}

import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StatusPage } from "../../components/StatusPage";
import { SearchPage } from "../../components/search/SearchPage";
import { resultsMeta } from "../../search/meta";
import { loadResultsPage } from "../../search/results.server";
import { keepResultsAfterFavouriting } from "../../search/revalidate";
import { resultsLinks } from "../../search/results-route";

// /search-results?search-type=…: the old entry to every kind of search. It answers with a redirect to the
// kind's own URL (served by routes/public/results/{browse,road,location,route}.tsx), or with the page
// that says what in the URL could not be read. The URL is the whole search (app/search/url.ts).

export const links = resultsLinks;

export async function loader({ request }: LoaderFunctionArgs) {
  const { status, page } = await loadResultsPage(request, "list");
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

import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StatusPage } from "../../components/StatusPage";
import { SearchPage } from "../../components/search/SearchPage";
import { resultsMeta } from "../../search/meta";
import { loadResultsPage } from "../../search/results.server";
import { keepResultsAfterFavouriting } from "../../search/revalidate";
import formStyles from "../../styles/forms.css?url";
import searchStyles from "../../styles/search.css?url";

// The results list: /search-results, /browse, /route, /location (each with an optional segment) and
// /browse/road/{country}/{road-slug}[/{segment}]. The URL is the whole search (app/search/url.ts).

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: searchStyles },
];

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

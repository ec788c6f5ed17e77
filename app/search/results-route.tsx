// What the results list's route modules share besides the search they run (routes/public/results.tsx and
// one module per kind in routes/public/results/): styles, revalidation, meta, the page and its error
// boundary. Each route module re-exports these and names its own search in `resultsLoader(…)`
// (app/search/results.server.ts), so from the route table a kind's search is one hop. Nothing here is
// server code: the loader's type is imported as a type only.
import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StatusPage } from "../components/StatusPage";
import { SearchPage } from "../components/search/SearchPage";
import formStyles from "../styles/forms.css?url";
import searchStyles from "../styles/search.css?url";
import { resultsMeta } from "./meta";
import { unpackResultsPage } from "./results-transport";
import type { resultsLoader } from "./results.server";
import { keepResultsAfterFavouriting } from "./revalidate";

type ResultsLoader = ReturnType<typeof resultsLoader>;

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: searchStyles },
];

export const shouldRevalidate = keepResultsAfterFavouriting;

export const meta: MetaFunction<ResultsLoader> = ({ data: page, matches }) => resultsMeta(page && unpackResultsPage(page), matches);

export default function Results() {
  const page = unpackResultsPage(useLoaderData<ResultsLoader>());
  return <SearchPage page={page} />;
}

export function ErrorBoundary() {
  return <StatusPage />;
}

// What the results list's route modules share besides their loader (routes/public/results.tsx and one
// module per kind in routes/public/results/): the styles.
import type { LinksFunction } from "@remix-run/node";
import formStyles from "../styles/forms.css?url";
import searchStyles from "../styles/search.css?url";

export const resultsLinks: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: searchStyles },
];

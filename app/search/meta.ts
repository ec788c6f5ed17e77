import type { MetaDescriptor } from "@remix-run/node";
import type { ResultsPageData } from "./results.types";

/** Title and description of a results page; error pages are not indexed. */
export function resultsMeta(page: ResultsPageData | undefined, prefix = ""): MetaDescriptor[] {
  if (!page) return [{ title: "Search results — Pawroute" }];
  if (page.outcome.kind === "error") return [{ title: "Search results — Pawroute" }, { name: "robots", content: "noindex" }];
  const { heading } = page.outcome.results.summary;
  const title = prefix ? `${prefix}${heading.charAt(0).toLowerCase()}${heading.slice(1)}` : heading;
  return [
    { title: `${title} — Pawroute` },
    { name: "description", content: `${heading}: dog-friendly walks, pubs, beaches and vets with distances, junctions and details.` },
  ];
}

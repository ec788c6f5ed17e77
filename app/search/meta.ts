import type { MetaDescriptor } from "@remix-run/node";
import type { ResultsPageData } from "./results.types";
import { canonicalLink } from "../seo";

/** Title and description of a results page; error pages are not indexed. */
/** A results page's title, description and absolute canonical link (`canonical`: the list's or the map's own address). */
export function resultsMeta(page: ResultsPageData | undefined, matches: readonly { id: string; data: unknown }[], prefix = ""): MetaDescriptor[] {
  if (!page) return [{ title: "Search results — Pawroute" }];
  if (page.outcome.kind === "error") return [{ title: "Search results — Pawroute" }, { name: "robots", content: "noindex" }];
  const { heading } = page.outcome.results.summary;
  const title = prefix ? `${prefix}${heading.charAt(0).toLowerCase()}${heading.slice(1)}` : heading;
  return [
    { title: `${title} — Pawroute` },
    { name: "description", content: `${heading}: dog-friendly walks, pubs, beaches and vets with distances, junctions and details.` },
    canonicalLink(matches, prefix ? page.mapHref : page.listHref),
  ];
}

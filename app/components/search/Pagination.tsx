import { Link } from "@remix-run/react";
import { paginationLinks, resultsLine, type PaginationInput } from "../../search/format";
import { searchHref, type ResultsView, type SearchState } from "../../search/url";

interface PaginationProps {
  state: SearchState;
  view: ResultsView;
  pagination: PaginationInput;
  shown: number;
}

/** Spec §2 pagination: previous and next, the results line, nearby pages with the first and last, view all and 100 per page. */
export function Pagination({ state, view, pagination, shown }: PaginationProps) {
  const links = paginationLinks(pagination);
  const href = (page: number, limit = state.limit) => searchHref({ ...state, page, limit }, view);
  const line = resultsLine(pagination, shown);
  return (
    <nav className="pagination" aria-label="Pages of results">
      {line ? <p className="pagination__line">{line}</p> : null}
      {links.pages.length > 0 ? (
        <ul className="pagination__pages">
          <li>
            {links.previous ? (
              <Link className="pagination__step" to={href(links.previous)} rel="prev">
                Previous<span className="visually-hidden"> page</span>
              </Link>
            ) : null}
          </li>
          {links.pages.map((page, index) =>
            page === "gap" ? (
              <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
                …
              </li>
            ) : (
              <li key={page}>
                {page === pagination.page ? (
                  <span className="pagination__page pagination__page--current" aria-current="page">
                    <span className="visually-hidden">Page </span>
                    {page}
                  </span>
                ) : (
                  <Link className="pagination__page" to={href(page)}>
                    <span className="visually-hidden">Page </span>
                    {page}
                  </Link>
                )}
              </li>
            ),
          )}
          <li>
            {links.next ? (
              <Link className="pagination__step" to={href(links.next)} rel="next">
                Next<span className="visually-hidden"> page</span>
              </Link>
            ) : null}
          </li>
        </ul>
      ) : null}
      {links.viewAll || links.hundredPerPage ? (
        <p className="pagination__more">
          {links.viewAll ? <Link to={href(1, links.viewAll.limit)}>{links.viewAll.label}</Link> : null}
          {links.hundredPerPage ? <Link to={href(links.hundredPerPage.page, 100)}>Show 100 per page</Link> : null}
        </p>
      ) : null}
    </nav>
  );
}

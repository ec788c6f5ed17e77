import { Link } from "@remix-run/react";
import { barkOutHref } from "../../blog/types";
import { adjacentPages, pageNumbers } from "../../../kit/pager";

/** Previous and next, the pages within 2 of this one plus the first and last, and a results line. */
export function BlogPagination({ page, totalPages, total, selected, q, shown }: { page: number; totalPages: number; total: number; selected: string[]; q: string; shown: number }) {
  const pages = pageNumbers(page, totalPages).filter((value): value is number => value !== "gap");
  const { previous, next } = adjacentPages(page, totalPages);
  return (
    <nav className="pagination blog-pagination" aria-label="Pages of articles">
      <p className="pagination__line" role="status">
        {total === 0 ? "No articles" : `Showing ${shown} of ${total} ${total === 1 ? "article" : "articles"}`}
        {totalPages > 1 ? ` · page ${page} of ${totalPages}` : ""}
      </p>
      {totalPages > 1 ? (
        <ul className="pagination__pages">
          {previous ? (
            <li>
              <Link className="pagination__step" to={barkOutHref({ selected, q, page: previous })} rel="prev">
                Previous
              </Link>
            </li>
          ) : null}
          {pages.map((value) => (
            <li key={value}>
              {value === page ? (
                <span className="pagination__page pagination__page--current" aria-current="page">
                  {value}
                </span>
              ) : (
                <Link className="pagination__page" to={barkOutHref({ selected, q, page: value })} aria-label={`Page ${value}`}>
                  {value}
                </Link>
              )}
            </li>
          ))}
          {next ? (
            <li>
              <Link className="pagination__step" to={barkOutHref({ selected, q, page: next })} rel="next">
                Next
              </Link>
            </li>
          ) : null}
        </ul>
      ) : null}
    </nav>
  );
}

import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction, type ActionFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { readFlash } from "../../../../auth/flash.server";
import { refuseSubmission, requireAdmin } from "../../../../auth/guards.server";
import { adminPostList } from "../../../../blog/admin.server";
import { adminListFilters, tabParam } from "../../../../blog/admin-request.server";
import { ADMIN_TAB_LABELS, ADMIN_TABS, adminTabHref } from "../../../../blog/admin-types";
import { blogCategories } from "../../../../blog/posts.server";
import { AdminTableHead } from "../../../../components/admin/AdminParts";
import { AdminTabs } from "../../../../components/admin/AdminListParts";
import { Notice } from "../../../../components/forms/FormParts";
import { StatusPage } from "../../../../components/StatusPage";
import formStyles from "../../../../styles/forms.css?url";
import blogStyles from "../../../../styles/blog.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: blogStyles },
];

/** /account/admin/blog-posts and /account/admin/blog-posts/{published|drafts|stories|scheduled}. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const tab = tabParam(params.segment);
  const filters = adminListFilters(new URL(request.url).searchParams);
  const [list, categories, flash] = await Promise.all([adminPostList(tab, filters), blogCategories(), readFlash(request)]);
  return data({ tab, filters, categories, flash: flash.message, ...list }, { headers: flash.headers });
}

export async function action({ request }: ActionFunctionArgs) {
  return refuseSubmission(request, requireAdmin);
}

export default function AdminBlogPosts() {
  const data = useLoaderData<typeof loader>();
  const filtering = Boolean(data.filters.q || data.filters.category);
  return (
    <div className="container admin-blog">
      <div className="admin-blog__head">
        <h1>Blog posts</h1>
        <Link to="/account/admin/blog-posts/new" className="button button--accent">
          New post
        </Link>
      </div>
      <Notice message={data.flash} />
      <AdminTabs label="Post lists" tabs={ADMIN_TABS.map((tab) => ({ to: adminTabHref(tab), label: `${ADMIN_TAB_LABELS[tab]} (${data.counts[tab]})`, current: tab === data.tab }))} />
      <details className="admin-filter-panel" open={filtering || undefined}>
        <summary className="button button--quiet">Filter posts</summary>
        <Form method="get" className="admin-filters">
          <label className="field">
            <span className="field__label">Title contains</span>
            <input type="search" name="q" defaultValue={data.filters.q} maxLength={100} className="field__input" />
          </label>
          <label className="field">
            <span className="field__label">Category</span>
            <select name="category" defaultValue={data.filters.category ?? ""} className="field__input field__select">
              <option value="">Any category</option>
              {data.categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button">
            Filter
          </button>
          {filtering ? <Link to={adminTabHref(data.tab)}>Clear filters</Link> : null}
        </Form>
      </details>
      {data.posts.length === 0 ? (
        <p className="empty-state">No posts here.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--cards admin-table--plain">
            <caption className="visually-hidden">{ADMIN_TAB_LABELS[data.tab]} posts</caption>
            <AdminTableHead columns={["Title", "Status", "Published", "Author", "Actions"]} />
            <tbody>
              {data.posts.map((post) => (
                <tr key={post.id}>
                  <th scope="row">
                    <Link to={`/account/admin/blog-posts/edit/${post.id}`}>{post.title}</Link>
                    {post.isStory ? <span className="admin-status admin-status--waiting">Story</span> : null}
                  </th>
                  <td data-label="Status">{post.status}</td>
                  <td data-label="Published">{post.publishedAt ?? "—"}</td>
                  <td data-label="Author">{post.authorName}</td>
                  <td className="admin-table__actions">
                    <Link to={`/account/admin/blog-posts/preview/${post.id}`}>Preview</Link>
                    <Form method="post" action={`/account/admin/blog-posts/edit/${post.id}`}>
                      <input type="hidden" name="returnTo" value={adminTabHref(data.tab)} />
                      {post.status === "draft" ? (
                        <button type="submit" name="intent" value="publish" className="button button--quiet">
                          Publish<span className="visually-hidden"> {post.title}</span>
                        </button>
                      ) : (
                        <button type="submit" name="intent" value="unpublish" className="button button--quiet">
                          Unpublish<span className="visually-hidden"> {post.title}</span>
                        </button>
                      )}
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="admin-blog__total">
        {data.total} {data.total === 1 ? "post" : "posts"}
        {data.total > data.pageSize ? (
          <>
            {" "}
            · page {data.filters.page}
            {data.filters.page * data.pageSize < data.total ? (
              <>
                {" "}
                · <Link to={`?${new URLSearchParams({ ...(data.filters.q ? { q: data.filters.q } : {}), ...(data.filters.category ? { category: String(data.filters.category) } : {}), page: String(data.filters.page + 1) }).toString()}`}>Next page</Link>
              </>
            ) : null}
          </>
        ) : null}
      </p>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Blog posts — Back office — Pawroute" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <StatusPage />;
}

import { redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getSessionUser } from "../../../auth/guards.server";
import { listPosts, readBlogFilters } from "../../../blog/posts.server";
import { barkOutHref } from "../../../blog/types";
import { canonicalLink } from "../../../seo";
import { BlogFilters } from "../../../components/blog/BlogFilters";
import { BlogPagination } from "../../../components/blog/BlogPagination";
import { PostCard } from "../../../components/blog/PostCard";
import { StatusPage } from "../../../components/StatusPage";
import formStyles from "../../../styles/forms.css?url";
import listingStyles from "../../../styles/listing.css?url";
import blogStyles from "../../../styles/blog.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: listingStyles },
  { rel: "stylesheet", href: blogStyles },
  { rel: "alternate", type: "application/atom+xml", title: "Bark Out", href: "/bark-out/feed.atom" },
];

/** /bark-out and /bark-out/: the listing; filters arrive as a GET form and end at their canonical address. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const filters = readBlogFilters(url.searchParams);
  if (filters.fromForm) throw redirect(barkOutHref(filters));
  const user = await getSessionUser(request);
  const listing = await listPosts(filters, user?.id ?? null);
  return { ...listing, member: user !== null, returnTo: url.pathname + url.search };
}

export default function BarkOut() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="container blog">
      <header className="blog__header">
        <p className="eyebrow">The Pawroute blog</p>
        <h1>Bark Out</h1>
        <p className="blog__lead">Walks, travel tips and stories from dog owners on the road in the UK and France.</p>
        <p className="blog__actions">
          <Link to="/bark-out/submit" className="button button--accent">
            Share your dog&apos;s story
          </Link>
          <a href="/bark-out/feed.atom" className="button button--quiet">
            Atom feed
          </a>
        </p>
      </header>
      <BlogFilters categories={data.categories} selected={data.selected} q={data.q} />
      {data.posts.length === 0 ? (
        <div className="empty-state">
          <h2>No articles found</h2>
          <p>
            Try other categories or words, or <Link to="/bark-out">see every article</Link>.
          </p>
        </div>
      ) : (
        <div className="blog-grid">
          {data.posts.map((post) => (
            <PostCard key={post.id} post={post} member={data.member} returnTo={data.returnTo} />
          ))}
        </div>
      )}
      <BlogPagination page={data.page} totalPages={data.totalPages} total={data.total} selected={data.selected} q={data.q} shown={data.posts.length} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data?.q ? `“${data.q}” — Bark Out — Pawroute` : "Bark Out: the dog-friendly travel blog — Pawroute" },
  { name: "description", content: "Walks, travel tips and stories from dog owners on the road in the UK and France." },
  canonicalLink(matches, data ? barkOutHref({ selected: data.selected, q: data.q, page: data.page }) : "/bark-out"),
];

export function ErrorBoundary() {
  return <StatusPage />;
}

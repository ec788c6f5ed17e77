import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { refuseSubmission, requireAdmin } from "../../../../auth/guards.server";
import { idParam } from "../../../../blog/admin-request.server";
import { postForPreview } from "../../../../blog/posts.server";
import { formatPostDate } from "../../../../blog/types";
import { PostGallery } from "../../../../components/blog/PostGallery";
import { StatusPage } from "../../../../components/StatusPage";
import blogStyles from "../../../../styles/blog.css?url";
import lightboxStyles from "../../../../styles/lightbox.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: blogStyles },
  { rel: "stylesheet", href: lightboxStyles },
];

/** /account/admin/blog-posts/preview/{id}: any post as readers will see it, drafts included. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { post: await postForPreview(idParam(params.id)) };
}

export async function action({ request }: ActionFunctionArgs) {
  return refuseSubmission(request, requireAdmin);
}

export default function PreviewPost() {
  const { post } = useLoaderData<typeof loader>();
  return (
    <article className="container blog-post">
      <p className="admin-preview-banner" role="note">
        Preview ({post.status}). <Link to={`/account/admin/blog-posts/edit/${post.id}`}>Back to editing</Link>
      </p>
      <h1>{post.title}</h1>
      <p className="blog-card__meta">{post.publishedAt ? formatPostDate(post.publishedAt) : "Not published yet"}</p>
      <p className="blog-post__excerpt">{post.excerpt}</p>
      <div className="blog-post__body" dangerouslySetInnerHTML={{ __html: post.bodyHtml }} />
      <PostGallery items={post.gallery} title={post.title} />
    </article>
  );
}

export const meta: MetaFunction = () => [{ title: "Preview — Back office — Pawroute" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <StatusPage />;
}

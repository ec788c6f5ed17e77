import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { readFlash } from "../../../../auth/flash.server";
import { editorAction, editorPage } from "../../../../blog/admin-edit.server";
import { AdminPostForm } from "../../../../components/blog/AdminPostForm";
import { Notice } from "../../../../components/forms/FormParts";
import { StatusPage } from "../../../../components/StatusPage";
import formStyles from "../../../../styles/forms.css?url";
import listingFormStyles from "../../../../styles/listing-form.css?url";
import blogStyles from "../../../../styles/blog.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: listingFormStyles },
  { rel: "stylesheet", href: blogStyles },
];

/** /account/admin/blog-posts/new and /account/admin/blog-posts/edit/{id}. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const [page, flash] = await Promise.all([editorPage(request, params.id), readFlash(request)]);
  return data({ ...page, flash: flash.message }, { headers: flash.headers });
}

export async function action({ request, params }: ActionFunctionArgs) {
  return editorAction(request, params.id);
}

export default function EditBlogPost() {
  const { post, categories, images, flash } = useLoaderData<typeof loader>();
  return (
    <div className="container admin-blog">
      <p className="eyebrow">
        <Link to="/account/admin/blog-posts">All blog posts</Link>
      </p>
      <h1>{post.id === null ? "New post" : `Edit: ${post.title}`}</h1>
      <Notice message={flash} />
      {post.story ? (
        <section className="admin-story" aria-labelledby="story-title">
          <h2 id="story-title">Submitted story from {post.authorName}</h2>
          <dl>
            <dt>What their dog enjoys</dt>
            <dd>{post.story.likes}</dd>
            <dt>Favourite walks</dt>
            <dd>{post.story.favouriteWalks}</dd>
            <dt>What they get up to</dt>
            <dd>{post.story.walkActivities}</dd>
            {post.story.email ? (
              <>
                <dt>Contact</dt>
                <dd>
                  {post.story.name} &lt;{post.story.email}&gt;
                </dd>
              </>
            ) : null}
          </dl>
        </section>
      ) : null}
      {post.id !== null ? (
        <div className="admin-blog__actions">
          <Link to={`/account/admin/blog-posts/preview/${post.id}`} className="button button--quiet">
            Preview
          </Link>
          <Form method="post">
            <input type="hidden" name="returnTo" value={`/account/admin/blog-posts/edit/${post.id}`} />
            <button type="submit" name="intent" value={post.status === "draft" ? "publish" : "unpublish"} className="button button--quiet">
              {post.status === "draft" ? "Publish now" : "Unpublish"}
            </button>
          </Form>
          <Form
            method="post"
            onSubmit={(event) => {
              if (!window.confirm("Delete this post? This cannot be undone.")) event.preventDefault();
            }}
          >
            <button type="submit" name="intent" value="delete" className="button button--quiet admin-danger">
              Delete post
            </button>
          </Form>
        </div>
      ) : null}
      <div className="form-panel">
        <AdminPostForm post={post} categories={categories} images={images} />
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit post — Back office — Pawroute" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <StatusPage />;
}

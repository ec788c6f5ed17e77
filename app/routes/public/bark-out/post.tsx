import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { clientOf } from "../../../auth/client.server";
import { canonicalLink } from "../../../seo";
import { Link, useLoaderData } from "@remix-run/react";
import { readForm } from "../../../auth/forms.server";
import { getSessionUser } from "../../../auth/guards.server";
import { subscribeAction } from "../../../blog/newsletter-action.server";
import { memberIsSubscribed } from "../../../blog/newsletter.server";
import { publishedPost, relatedPosts } from "../../../blog/posts.server";
import { blogPostingJsonLd } from "../../../blog/structured-data";
import { createFallbackQuestion } from "../../../captcha/captcha.server";
import { FavouritePost, PostCard, PostCategories, PostMeta } from "../../../components/blog/PostCard";
import { PostGallery } from "../../../components/blog/PostGallery";
import { SubscribeForm } from "../../../components/blog/SubscribeForm";
import { StatusPage } from "../../../components/StatusPage";
import { appUrl } from "../../../mail/links.server";
import formStyles from "../../../styles/forms.css?url";
import listingStyles from "../../../styles/listing.css?url";
import blogStyles from "../../../styles/blog.css?url";
import lightboxStyles from "../../../styles/lightbox.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: listingStyles },
  { rel: "stylesheet", href: blogStyles },
  { rel: "stylesheet", href: lightboxStyles },
];

/** /bark-out/{slug}: a published post, its gallery, related posts and the subscribe form. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  const post = await publishedPost(params.slug, user?.id ?? null);
  const [related, subscribed] = await Promise.all([relatedPosts(post.id), user ? memberIsSubscribed(user.id) : Promise.resolve(false)]);
  const images = post.gallery.flatMap((item) => (item.kind === "image" ? [item.large] : []));
  return { post, related, member: user !== null, subscribed, captcha: createFallbackQuestion("newsletter", clientOf(request, context).ip), jsonLd: blogPostingJsonLd(post, appUrl(), images) };
}

/** The subscribe form posts here, so it works without JavaScript and the reader stays on the post. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  await publishedPost(params.slug, null);
  return subscribeAction(request, await readForm(request), context);
}

export default function BlogPost() {
  const { post, related, member, subscribed, captcha, jsonLd } = useLoaderData<typeof loader>();
  return (
    <article className="container blog-post">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <p className="eyebrow">
        <Link to="/bark-out">Bark Out</Link>
      </p>
      <h1>{post.title}</h1>
      <PostMeta post={post} />
      <PostCategories post={post} />
      <FavouritePost post={post} member={member} returnTo={post.url} />
      <p className="blog-post__excerpt">{post.excerpt}</p>
      {/* Sanitised on save with the rich-text allowlist (app/listings/sanitise.server.ts). */}
      <div className="blog-post__body" dangerouslySetInnerHTML={{ __html: post.bodyHtml }} />
      <PostGallery items={post.gallery} title={post.title} />
      <section className="blog-subscribe" aria-labelledby="subscribe-title">
        <h2 id="subscribe-title">Get Bark Out in your inbox</h2>
        <p>New walks, pubs and beaches and the best stories, once a month.</p>
        <SubscribeForm action={post.url} captcha={captcha} member={member} memberSubscribed={subscribed} />
      </section>
      {related.length ? (
        <section className="blog-related" aria-labelledby="related-title">
          <h2 id="related-title">Related articles</h2>
          <div className="blog-grid">
            {related.map((item) => (
              <PostCard key={item.id} post={item} member={member} returnTo={post.url} headingLevel={3} />
            ))}
          </div>
        </section>
      ) : null}
      <p>
        <Link to="/bark-out">Back to Bark Out</Link> · <Link to="/bark-out/submit">Share your dog&apos;s story</Link>
      </p>
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? [
        { title: `${data.post.title} — Bark Out — Pawroute` },
        { name: "description", content: data.post.excerpt },
        { property: "og:title", content: data.post.title },
        { property: "og:type", content: "article" },
        canonicalLink(matches, data.post.url),
      ]
    : [{ title: "Bark Out — Pawroute" }];

export function ErrorBoundary() {
  return <StatusPage />;
}

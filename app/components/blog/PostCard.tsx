import { Link } from "@remix-run/react";
import { formatPostDate, type BlogCard } from "../../blog/types";
import { MembersOnlyFavourite } from "../MembersOnlyFavourite";

/** The add-to-favourites action: members toggle with a plain POST; visitors get the members-only tooltip. */
export function FavouritePost({ post, member, returnTo }: { post: BlogCard; member: boolean; returnTo: string }) {
  if (!member) {
    return (
      <MembersOnlyFavourite className="blog-favourite" returnTo={returnTo} saveWhat="articles to your favourites">
        Add to favourites<span className="visually-hidden">: {post.title}</span>
      </MembersOnlyFavourite>
    );
  }
  return (
    <form method="post" action={`${post.url}/favourite`} className="blog-favourite">
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" className="button button--quiet" aria-pressed={post.isFavourite}>
        <span aria-hidden="true">{post.isFavourite ? "♥ " : "♡ "}</span>
        {post.isFavourite ? "Saved to favourites" : "Add to favourites"}
        <span className="visually-hidden">: {post.title}</span>
      </button>
    </form>
  );
}

export function PostMeta({ post }: { post: BlogCard }) {
  return (
    <p className="blog-card__meta">
      {post.publishedAt ? <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt)}</time> : <span>Not published</span>}
      {post.authorName ? <span> · by {post.authorName}</span> : null}
    </p>
  );
}

/** A post's categories, each a link to the listing filtered by it. */
export function PostCategories({ post }: { post: BlogCard }) {
  if (post.categories.length === 0) return null;
  return (
    <ul className="blog-card__categories" aria-label="Categories">
      {post.categories.map((category) => (
        <li key={category.id}>
          <Link to={`/bark-out?category=${category.slug}`}>{category.name}</Link>
        </li>
      ))}
    </ul>
  );
}

export function PostCard({ post, member, returnTo, headingLevel = 2 }: { post: BlogCard; member: boolean; returnTo: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="blog-card">
      <Heading className="blog-card__title">
        <Link to={post.url}>{post.title}</Link>
      </Heading>
      <PostMeta post={post} />
      <PostCategories post={post} />
      <p className="blog-card__excerpt">{post.excerpt}</p>
      <FavouritePost post={post} member={member} returnTo={returnTo} />
    </article>
  );
}

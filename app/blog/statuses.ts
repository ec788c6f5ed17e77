/** A post is a draft, scheduled (shown from its published date) or published (docs/decisions/0070). */
export const BLOG_POST_STATUSES = ["draft", "scheduled", "published"] as const;
export type BlogPostStatus = (typeof BLOG_POST_STATUSES)[number];

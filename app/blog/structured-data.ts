import type { BlogPostView } from "./types";

/** schema.org BlogPosting JSON-LD; `<` is escaped so the text can never close the script element. */
export function blogPostingJsonLd(post: BlogPostView, siteUrl: string, images: string[]): string {
  const data = {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.excerpt,
    url: `${siteUrl}${post.url}`,
    mainEntityOfPage: `${siteUrl}${post.url}`,
    datePublished: post.publishedAt ?? undefined,
    dateModified: post.updatedAt,
    author: { "@type": post.authorName === "Pawroute team" ? "Organization" : "Person", name: post.authorName || "Pawroute" },
    publisher: { "@type": "Organization", name: "Pawroute" },
    keywords: post.categories.map((category) => category.name).join(", ") || undefined,
    image: images.length ? images.map((image) => `${siteUrl}${image}`) : undefined,
  };
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

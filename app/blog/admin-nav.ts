/** The back office's blog pages, for the admin layout's navigation (joined into ADMIN_NAV in app/admin/nav.ts). */
export const BLOG_ADMIN_NAV = [
  { to: "/account/admin/blog-posts", label: "Blog posts" },
  { to: "/account/admin/books", label: "Books order" },
  { to: "/account/admin/contact-messages", label: "Contact messages" },
] as const;

import { NavLink } from "@remix-run/react";
import { BLOG_ADMIN_NAV } from "../../blog/admin-nav";

/** The blog's back-office pages (the lead joins BLOG_ADMIN_NAV into the admin layout's navigation). */
export function BlogAdminNav() {
  return (
    <nav aria-label="Blog back office" className="admin-subnav">
      <ul>
        {BLOG_ADMIN_NAV.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to}>{item.label}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { ADMIN_NAV, WAITING_LABELS } from "../../../admin/nav";
import { waitingCounts } from "../../../admin/waiting.server";
import { refuseSubmission, requireAdmin } from "../../../auth/guards.server";
import adminStyles from "../../../styles/admin.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

// Guards rendering only: every admin child loader and action calls requireAdmin itself.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { waiting: await waitingCounts() };
}

/** Only reached when /account/admin itself is posted to (a child route's POST runs the child's action). */
export function action({ request }: ActionFunctionArgs) {
  return refuseSubmission(request, requireAdmin);
}

export default function AdminLayout() {
  const { waiting } = useLoaderData<typeof loader>();
  return (
    <div className="admin-area">
      <nav className="admin-nav" aria-label="Back office">
        <p className="admin-nav__title">Back office</p>
        <ul className="admin-nav__list">
          {ADMIN_NAV.map((item) => {
            const count = item.waiting ? (waiting[item.waiting] ?? 0) : 0;
            return (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className="admin-nav__link">
                  {item.label}
                  {count > 0 ? (
                    <span className="admin-nav__count">
                      {count.toLocaleString("en-GB")}
                      <span className="visually-hidden"> {WAITING_LABELS[item.waiting ?? ""] ?? "waiting"}</span>
                    </span>
                  ) : null}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="admin-main">
        <Outlet />
      </div>
    </div>
  );
}

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { refuseSubmission, requireAdmin } from "../../../auth/guards.server";

// Guards rendering only: every admin child loader and action calls requireAdmin itself.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

/** Only reached when /account/admin itself is posted to (a child route's POST runs the child's action). */
export function action({ request }: ActionFunctionArgs) {
  return refuseSubmission(request, requireAdmin);
}

export default function AdminLayout() {
  return (
    <div className="admin-area">
      <Outlet />
    </div>
  );
}

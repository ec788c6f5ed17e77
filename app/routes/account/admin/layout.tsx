import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { requireAdmin } from "../../../auth/guards.server";

// Guards rendering only: every admin child loader and action calls requireAdmin itself.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminLayout() {
  return (
    <div className="admin-area">
      <Outlet />
    </div>
  );
}

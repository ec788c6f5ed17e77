import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { requireMember } from "../../auth/guards.server";

// This loader guards rendering only: every child loader and action calls requireMember itself.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  return { username: user.username };
}

export default function AccountLayout() {
  return (
    <div className="account-area">
      <Outlet />
    </div>
  );
}

import { Outlet } from "@remix-run/react";

/** Public pages: no guard, anyone may browse. */
export default function PublicLayout() {
  return <Outlet />;
}

import { Outlet } from "@remix-run/react";
import { NewsletterModal } from "../../components/blog/NewsletterModal";

/** Public pages: no guard, anyone may browse. */
export default function PublicLayout() {
  return (
    <>
      <Outlet />
      <NewsletterModal />
    </>
  );
}

import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { logOut } from "../../auth/login.server";

/** Logging out is a POST (a link or prefetch must never end a session); a GET goes home. */
export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  return logOut(request);
}

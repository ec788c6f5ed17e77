import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { readForm } from "../../auth/forms.server";
import { logOut } from "../../auth/login.server";

/** Logging out is a POST (a link or prefetch must never end a session); a GET goes home. */
export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  // The form may say where to go next (a mailed link opened while logged in to another account);
  // a body that is not a form (or too large, or unreadable) still logs out.
  let target: unknown;
  try {
    target = (await readForm(request)).get("redirectTo");
  } catch {
    target = undefined;
  }
  return logOut(request, target);
}

// The actions of the trip pages: edits of a plan (anyone: the plan is a URL) and saving it (members).
import { redirect } from "@remix-run/node";
import { redirectWithFlash } from "../auth/flash.server";
import { requireMember } from "../auth/guards.server";
import { editedTrip, parseTripQuery } from "./plan.server";
import { saveTrip } from "./trips.server";

/** POST /trip?{plan}: `save` keeps the plan in the member's trips; every other intent is an edit (swap, add, remove, move, length), answered with the next plan's URL. */
export async function tripAction(request: Request, form: FormData): Promise<Response> {
  const query = parseTripQuery(new URL(request.url).searchParams);
  if (form.get("intent") === "save") {
    const user = await requireMember(request);
    const trip = await saveTrip(user.id, query);
    return redirectWithFlash("/account/trips", `Your trip ${trip.name} has been saved.`);
  }
  const edit = await editedTrip(query, form);
  // A move is announced on the next page (read by the live region there, with or without JavaScript).
  return edit.notice ? redirectWithFlash(edit.url, edit.notice) : redirect(edit.url);
}

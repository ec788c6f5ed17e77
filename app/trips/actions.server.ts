// The actions of the trip pages: edits of a plan (anyone: the plan is a URL) and saving it (members).
import { redirect } from "@remix-run/node";
import { redirectWithFlash } from "../auth/flash.server";
import { requireMember } from "../auth/guards.server";
import { editedTripUrl, parseTripQuery } from "./plan.server";
import { saveTrip } from "./trips.server";

/** POST /trip?{plan}: `save` keeps the plan in the member's trips; every other intent is an edit, answered with the next plan's URL. */
export async function tripAction(request: Request, form: FormData): Promise<Response> {
  const query = parseTripQuery(new URL(request.url).searchParams);
  if (form.get("intent") === "save") {
    const user = await requireMember(request);
    const trip = await saveTrip(user.id, query);
    return redirectWithFlash("/account/trips", `Your trip ${trip.name} has been saved.`);
  }
  return redirect(await editedTripUrl(query, form));
}

// "Your trips" in the account: the member's saved trips, each renamed, shared, unshared or deleted by its owner only.
import { data } from "@remix-run/node";
import { readFlash, redirectWithFlash } from "../auth/flash.server";
import { formAction } from "../auth/forms.server";
import { requireMember } from "../auth/guards.server";
import { AppError } from "../../core/errors";
import { parseDatabaseId } from "../../core/ids";
import { tripNameSchema } from "./schemas";
import { deleteTrip, ownTrip, renameTrip, setTripShared, tripsOf } from "./trips.server";

export async function yourTrips(request: Request) {
  const user = await requireMember(request);
  const flash = await readFlash(request);
  return data({ trips: await tripsOf(user.id), notice: flash.message }, { headers: flash.headers });
}

export async function yourTripsAction(request: Request) {
  const user = await requireMember(request);
  return formAction(request, async (form) => {
    const id = parseDatabaseId(form.get("id"));
    if (id === null) throw new AppError(400, "Sorry, that did not work. Please try again.");
    const trip = await ownTrip(user.id, id);
    const done = async (message: string) => redirectWithFlash("/account/trips", message);
    switch (form.get("intent")) {
      case "rename": {
        const parsed = tripNameSchema.safeParse({ name: form.get("name") });
        if (!parsed.success) throw new AppError(422, parsed.error.issues[0].message, { fieldErrors: { [`name-${id}`]: parsed.error.issues[0].message } });
        await renameTrip(user.id, id, parsed.data.name);
        return done(`Your trip has been renamed ${parsed.data.name}.`);
      }
      case "share":
        await setTripShared(user.id, id, true);
        return done(`${trip.name} is shared: anyone with its link can see it.`);
      case "unshare":
        await setTripShared(user.id, id, false);
        return done(`${trip.name} is no longer shared: its link does not open it any more.`);
      case "delete":
        await deleteTrip(user.id, id);
        return done(`${trip.name} has been deleted.`);
      default:
        throw new AppError(400, "Sorry, that did not work. Please try again.");
    }
  });
}

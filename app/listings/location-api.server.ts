// GET /api/locations/{id} for one viewer: a premium listing (free = false) shows in full only to those the
// listing page would show it to in full without spending a view (docs/decisions/0177-premium-location-api.md).
import { type LocationDetails, locationDetails, parseLocationId } from "../../geo/locations";
import { getSessionUser, type SessionUser } from "../auth/guards.server";
import { sql } from "../db.server";
import { hasFullAccess, lockedDescription, viewedThisMonth } from "./premium.server";

async function fullAccess(request: Request, location: LocationDetails, ownerId: number | null, user: SessionUser | null): Promise<boolean> {
  if (location.free || (await viewedThisMonth(request, location.id))) return true;
  return hasFullAccess({ free: location.free, userId: ownerId }, user);
}

/** The listing's Location for this viewer: a locked premium listing as its locked page shows it (the snippet, the first photo, no street address). */
export async function locationForViewer(request: Request, segment: string | undefined): Promise<{ location: LocationDetails; user: SessionUser | null }> {
  const id = parseLocationId(segment);
  const user = await getSessionUser(request);
  const { location, ownerId } = await locationDetails(sql(), id, user?.id ?? null);
  if (await fullAccess(request, location, ownerId, user)) return { location, user };
  const gallery = { ...location.gallery, items: location.gallery.items.slice(0, 1) };
  return { location: { ...location, description: lockedDescription(location.description), gallery, address: "", postcode: "" }, user };
}

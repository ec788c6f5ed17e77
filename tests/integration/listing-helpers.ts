// Set-up shared by the listing tests: members as the listing code sees them, and the listing form's fields.
import type { SessionUser } from "../../app/auth/guards.server";
import { sql } from "../../app/db.server";
import { listingFormSchema } from "../../core/listing-form";

/** A new member (an administrator with `admin`); its id goes into `created` for the test's clean-up. */
export async function testUser(created: number[], { label, admin = false, verified = true }: { label: string; admin?: boolean; verified?: boolean }): Promise<SessionUser> {
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2)}@test.pawroute`;
  const [row] = await sql()<{ id: number }[]>`INSERT INTO users (email, is_admin, email_verified) VALUES (${email}, ${admin}, ${verified}) RETURNING id`;
  created.push(row.id);
  return { id: row.id, email, username: null, isAdmin: admin, emailVerified: verified, hasPassword: true, sessionId: "t" };
}

/** The listing form of a walk from a car park near Penrith, parsed as the action parses it; `values` add or replace fields. */
export function walkForm(values: Record<string, unknown>) {
  return listingFormSchema.parse({
    intent: "submit",
    walkType: "dog-walk",
    descriptionFormat: "html",
    address: "Car park off Mill Lane",
    town: "Penrith",
    county: "Cumbria",
    country: "235",
    lat: "54.6641",
    lng: "-2.7526",
    ...values,
  });
}

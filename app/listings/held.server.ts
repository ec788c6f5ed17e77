// Listings a member submitted before verifying their email address wait as drafts; verifying sends
// them for moderation (spec: "the listing is sent on verification"; docs/decisions/0045).
import { sql as rawSql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { LISTING_STATUS } from "../../db/schema/listings";

type Executor = Pick<Database, "execute">;

/** Sends the member's held listing versions for moderation; the listing itself follows when that version is its current one. */
export async function releaseHeldListings(tx: Executor, userId: number): Promise<void> {
  await tx.execute(rawSql`
    WITH released AS (
      UPDATE listing_versions SET status = ${LISTING_STATUS.submitted}, held_until_verified = false
      WHERE user_id = ${userId} AND held_until_verified AND status = ${LISTING_STATUS.draft}
      RETURNING id, listing_id)
    UPDATE listings l SET status = ${LISTING_STATUS.submitted}, updated_at = now()
    FROM released r
    WHERE l.id = r.listing_id AND l.current_version_id = r.id AND l.status = ${LISTING_STATUS.draft}`);
}

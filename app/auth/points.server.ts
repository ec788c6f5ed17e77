// The accounts module's view of the Treat Points ledger, which lives in app/points/ledger.server.ts
// (docs/decisions/0050-points-ledger.md). Kept so existing callers read as before.
import { AppError } from "../../core/errors";
import { creditPoints } from "../points/ledger.server";
import type { Credit } from "../points/ledger.server";

export { pointsSummary, verifyEmailAndAwardPending, type PointsSummary } from "../points/ledger.server";

export interface AwardResult {
  status: "awarded" | "pending";
  /** The member's awarded total after this entry. */
  total: number;
}

/**
 * Records Treat Points for a member: awarded at once when their email is verified, else pending.
 * With a source id, a second call for the same source changes nothing (creditPoints tells the two apart).
 */
export async function awardPoints(userId: number, points: number, reason: string, options: Pick<Credit, "source" | "awardedBy"> = { source: { kind: "legacy" } }): Promise<AwardResult> {
  if (!Number.isInteger(points) || points < 1) throw new RangeError("Treat Points are awarded in whole numbers of at least 1");
  if (!reason.trim()) throw new RangeError("Treat Points need a reason");
  if (!Number.isInteger(userId) || userId < 1) throw new RangeError(`No member ${userId}`);
  try {
    const result = await creditPoints({ userId, points, reason, ...options });
    return { status: result.status === "pending" ? "pending" : "awarded", total: result.total };
  } catch (error) {
    // creditPoints' only 404 is a member who does not exist.
    if (error instanceof AppError && error.status === 404) throw new RangeError(`No member ${userId}`);
    throw error;
  }
}

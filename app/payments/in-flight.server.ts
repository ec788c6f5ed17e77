// One payment in flight per member (docs/decisions/0235-one-payment-in-flight-per-member.md). A checkout,
// switch, renewal or Treat payment first takes the member's row in member_checkouts: a lease with a
// token and an end. Other tabs of the same member wait for it (polling, so a waiting tab holds no
// connection while the first one asks the provider), then run and see what the first one did.
import { randomUUID } from "node:crypto";
import { and, eq, sql as rawSql } from "drizzle-orm";
import { memberCheckouts } from "../../db/schema";
import { db } from "../db.server";
import { AppError } from "../../core/errors";

/** Longer than any provider call (the SDK times out sooner): a crashed process frees the member after this. */
const LEASE_SECONDS = 90;
/** How long a tab waits for the member's other payment before it is told to look again. */
const WAIT_MS = 30_000;

export const IN_FLIGHT_MESSAGE = "Another payment of yours is still being processed. Please wait a moment, then check your subscription.";

/** The key of the member's transaction-level advisory lock, taken where a payment is applied (applySucceededIn). */
export const APPLY_LOCK = 480_235;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` while holding the member's payment lease; `intent` says what it buys (for anyone looking at the row). */
export async function oneAtATime<T>(userId: number, intent: string, work: () => Promise<T>): Promise<T> {
  const token = randomUUID();
  const lease = { intent: intent.slice(0, 200), token, heldUntil: rawSql`now() + make_interval(secs => ${LEASE_SECONDS})` };
  const deadline = Date.now() + WAIT_MS;
  for (let wait = 20; ; wait = Math.min(250, Math.round(wait * 1.5))) {
    const [held] = await db()
      .insert(memberCheckouts)
      .values({ userId, ...lease })
      .onConflictDoUpdate({ target: memberCheckouts.userId, set: lease, setWhere: rawSql`${memberCheckouts.heldUntil} < now()` })
      .returning({ token: memberCheckouts.token });
    if (held?.token === token) break;
    if (Date.now() > deadline) throw new AppError(409, IN_FLIGHT_MESSAGE, { code: "payment_in_progress", retryAfterSeconds: 5 });
    await pause(wait * (0.5 + Math.random()));
  }
  try {
    return await work();
  } finally {
    await db()
      .delete(memberCheckouts)
      .where(and(eq(memberCheckouts.userId, userId), eq(memberCheckouts.token, token)));
  }
}

import { hash } from "@node-rs/argon2";
import type { SqlClient } from "../client";

/** The demo member's profile bio (migration 0016 gives it to a demo member seeded before it existed). */
const DEMO_MEMBER_BIO = "Two spaniels, one campervan and a soft spot for pub walks with a river at the end. I review every walk we finish.";

/** The demo accounts the README documents (email verified, so they collect Treat Points at once). */
export const DEMO_ACCOUNTS = [
  { email: "member@pawroute.test", username: "demo_member", password: "pawroute-member", isAdmin: false, points: 120, bio: DEMO_MEMBER_BIO },
  { email: "admin@pawroute.test", username: "pawroute_admin", password: "pawroute-admin", isAdmin: true, points: 0, bio: "" },
] as const;

/** Creates the demo member and administrator when missing; an existing account is left alone. */
export async function ensureDemoAccounts(sql: SqlClient): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    const [existing] = await sql`SELECT id FROM users WHERE lower(email) = ${account.email}`;
    if (existing) continue;
    // The app's argon2id settings (app/auth/password.server.ts).
    const passwordHash = await hash(account.password, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const [user] = await sql<{ id: number }[]>`
      INSERT INTO users (email, password_hash, username, is_admin, email_verified, points, attributes)
      VALUES (${account.email}, ${passwordHash}, ${account.username}, ${account.isAdmin}, true, ${account.points}, ${JSON.stringify(account.bio ? { bio: account.bio } : {})}::jsonb)
      RETURNING id`;
    // The Treat Points ledger explains the demo member's balance.
    if (account.points > 0) {
      await sql`
        INSERT INTO points_entries (user_id, points, reason, status, awarded_at, source_kind, source_id)
        VALUES (${user.id}, ${account.points}, 'Welcome to Pawroute', 'awarded', now(), 'welcome', ${`demo-${user.id}`})`;
    }
  }
}

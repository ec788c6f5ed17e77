import { hash } from "@node-rs/argon2";
import type { SqlClient } from "../client";

/** The demo accounts the README documents. */
export const DEMO_ACCOUNTS = [
  { email: "member@pawroute.test", username: "demo_member", password: "pawroute-member", isAdmin: false, points: 120 },
  { email: "admin@pawroute.test", username: "pawroute_admin", password: "pawroute-admin", isAdmin: true, points: 0 },
] as const;

/** Creates the demo member and administrator when missing; an existing account is left alone. */
export async function ensureDemoAccounts(sql: SqlClient): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    const [existing] = await sql`SELECT id FROM users WHERE lower(email) = ${account.email}`;
    if (existing) continue;
    const passwordHash = await hash(account.password, { algorithm: 2 });
    await sql`
      INSERT INTO users (email, password_hash, username, is_admin, email_verified, points)
      VALUES (${account.email}, ${passwordHash}, ${account.username}, ${account.isAdmin}, true, ${account.points})`;
  }
}

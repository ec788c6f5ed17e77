// Join: the answer is the same whether or not the address already has an account (no enumeration):
// a new address gets a verification link, a known one a note saying it already has an account.
import { sql as rawSql } from "drizzle-orm";
import { users } from "../../db/schema";
import { db } from "../db.server";
import { emailAlreadyUsedMail, verifyEmailMail } from "../mail/templates.server";
import { queueMail } from "../mail/send.server";
import { issueToken } from "./account-tokens.server";
import type { Client } from "./client.server";
import { isUniqueViolation } from "./database-errors.server";
import { hashPassword } from "./password.server";
import { enforceRateLimits } from "./rate-limit.server";
import { safeRedirect } from "./redirect";

export async function join(values: { email: string; password: string; redirectTo?: string }, client: Client): Promise<void> {
  await enforceRateLimits(["join:ip", client.ip], ["join:account", values.email]);
  // Hashed whether or not the account exists, so both answers take as long.
  const passwordHash = await hashPassword(values.password);
  const target = values.redirectTo ? safeRedirect(values.redirectTo, "") : "";
  try {
    await db().transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(rawSql`lower(${users.email}) = lower(${values.email})`);
      if (existing) {
        await queueMail(tx, emailAlreadyUsedMail(existing.email));
        return;
      }
      const [user] = await tx.insert(users).values({ email: values.email, passwordHash }).returning({ id: users.id });
      const token = await issueToken(tx, user.id, "verify-email", values.email);
      await queueMail(tx, verifyEmailMail(values.email, token, target || undefined));
    });
  } catch (error) {
    // Someone joined with the same address at the same moment: answer as for a known address.
    if (!isUniqueViolation(error)) throw error;
    await db().transaction((tx) => queueMail(tx, emailAlreadyUsedMail(values.email)));
  }
}

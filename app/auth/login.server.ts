// Log in with email and password through remix-auth's form strategy: rate limits per IP and per
// account, the same answer (and about the same time) for unknown emails, and a new session id.
import { redirect, type AppLoadContext } from "@remix-run/node";
import { eq, sql as rawSql } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { sessions, users } from "../../db/schema";
import { db } from "../db.server";
import { clientOf, type Client } from "./client.server";
import { sessionCookieHeader, sessionTokenOf } from "./guards.server";
import { verifyPassword } from "./password.server";
import { enforceRateLimits } from "./rate-limit.server";
import { safeRedirect } from "./redirect";
import { startSession } from "./session.server";
import { hashToken } from "./tokens.server";
import { AppError } from "../../core/errors";

export const LOGIN_FAILED = "The email address or password is not right. Please check them and try again.";

interface LoggedIn {
  userId: number;
  hasUsername: boolean;
  token: string;
}

async function checkCredentials(email: string, password: string, client: Client): Promise<LoggedIn> {
  await enforceRateLimits(["log-in:ip", client.ip], ["log-in:account", email]);
  const [user] = await db()
    .select({ id: users.id, passwordHash: users.passwordHash, username: users.username })
    .from(users)
    .where(rawSql`lower(${users.email}) = lower(${email})`);
  // verifyPassword checks a dummy hash when there is no account, so unknown emails take as long.
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) throw new AppError(400, LOGIN_FAILED);
  const token = await startSession(user.id, client);
  return { userId: user.id, hasUsername: user.username !== null, token };
}

/**
 * Authenticates the request (already validated: email, password) and answers with the redirect that
 * sets the new session cookie: to the return target, or first to choose a username.
 */
export async function logIn(request: Request, context: AppLoadContext, values: { email: string; password: string; redirectTo?: string }): Promise<Response> {
  const client = clientOf(request, context);
  const authenticator = new Authenticator<LoggedIn>();
  authenticator.use(new FormStrategy<LoggedIn>(() => checkCredentials(values.email, values.password, client)), "password");
  const previous = await sessionTokenOf(request);
  const loggedIn = await authenticator.authenticate("password", request);
  // A session the browser held before (perhaps someone else's) ends: one browser, one session.
  if (previous) await db().delete(sessions).where(eq(sessions.id, hashToken(previous)));
  const target = safeRedirect(values.redirectTo, "/account");
  const next = loggedIn.hasUsername ? target : `/account/set-username?redirectTo=${encodeURIComponent(target)}`;
  return redirect(next, { headers: { "Set-Cookie": await sessionCookieHeader(loggedIn.token) } });
}

/** Ends the request's session (if any) and clears the cookie; then home, or back to a same-site page (a mailed link). */
export async function logOut(request: Request, redirectTo?: unknown): Promise<Response> {
  const token = await sessionTokenOf(request);
  if (token) await db().delete(sessions).where(eq(sessions.id, hashToken(token)));
  return redirect(safeRedirect(redirectTo, "/"), { headers: { "Set-Cookie": await sessionCookieHeader(null) } });
}

import { createCookie, redirect } from "@remix-run/node";
import { and, eq, sql as rawSql } from "drizzle-orm";
import { sessions, users } from "../../db/schema";
import { db } from "../db.server";
import { getEnv } from "../env.server";

export interface SessionUser {
  id: number;
  email: string;
  username: string | null;
  isAdmin: boolean;
  emailVerified: boolean;
  sessionId: string;
}

/** The signed cookie holds only the session id; the session itself is a row. */
export function sessionCookie() {
  const env = getEnv();
  return createCookie("pawroute_session", {
    httpOnly: true,
    sameSite: "lax",
    secure: env.NODE_ENV === "production" && env.COOKIE_SECURE,
    path: "/",
    secrets: [env.SESSION_SECRET],
    maxAge: 60 * 60 * 24 * 30,
  });
}

/** The logged-in user for this request, or null. Touches the session's last-used time. */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  const sessionId: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  if (typeof sessionId !== "string" || sessionId.length === 0) return null;
  const [row] = await db()
    .update(sessions)
    .set({ lastUsedAt: rawSql`now()` })
    .from(users)
    .where(and(eq(sessions.id, sessionId), eq(users.id, sessions.userId)))
    .returning({
      id: users.id,
      email: users.email,
      username: users.username,
      isAdmin: users.isAdmin,
      emailVerified: users.emailVerified,
    });
  return row ? { ...row, sessionId } : null;
}

function loginRedirect(request: Request): never {
  const url = new URL(request.url);
  throw redirect(`/account/login/?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** For every loader and action that needs a member: visitors are sent to log in and back. */
export async function requireMember(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) loginRedirect(request);
  return user;
}

/** For every loader and action of the admin area: members get 403. */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireMember(request);
  if (!user.isAdmin) throw new Response("Administrators only", { status: 403 });
  return user;
}

// The one place that loads the member behind a request and asserts a role. Every loader and action
// that needs a member or an administrator calls requireMember or requireAdmin itself: a parent
// layout's loader does not guard a child route's action.
import { redirect } from "@remix-run/node";
import { loginPath, type LoginReason } from "./redirect";
import { lookupSession, SESSION_IDLE_DAYS, type SessionUser } from "./session.server";
import { signedCookie } from "./cookies.server";
import { AppError } from "../../core/errors";

export type { SessionUser } from "./session.server";

/** The signed cookie holds only the session token; the session itself is a row. */
export const sessionCookie = signedCookie("pawroute_session", 60 * 60 * 24 * SESSION_IDLE_DAYS);

export async function sessionTokenOf(request: Request): Promise<string | null> {
  const token: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof token === "string" && token.length > 0 && token.length < 100 ? token : null;
}

// The root, the layout and the page loaders of one request all ask: look the session up once.
const perRequest = new WeakMap<Request, Promise<SessionUser | null>>();

/** The logged-in member for this request, or null. */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  let found = perRequest.get(request);
  if (!found) {
    found = sessionTokenOf(request).then((token) => (token ? lookupSession(token) : null));
    perRequest.set(request, found);
  }
  return found;
}

function loginRedirect(request: Request, reason?: LoginReason): never {
  const url = new URL(request.url);
  throw redirect(loginPath(url.pathname + url.search, reason));
}

/** For every loader and action that needs a member: visitors are sent to log in (told why, when a reason is given) and back. */
export async function requireMember(request: Request, reason?: LoginReason): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) loginRedirect(request, reason);
  return user;
}

/** For every loader and action of the admin area: members get 403. */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireMember(request);
  if (!user.isAdmin) throw new AppError(403, "Administrators only");
  return user;
}

/** Pages for visitors only (log in, join): a logged-in member goes straight on. */
export async function redirectIfLoggedIn(request: Request, target: string): Promise<void> {
  if (await getSessionUser(request)) throw redirect(target);
}

/** Set-Cookie for a new session token, or for removing the cookie. */
export function sessionCookieHeader(token: string | null): Promise<string> {
  return token ? sessionCookie().serialize(token) : sessionCookie().serialize("", { maxAge: 0 });
}

/**
 * The action of a page that takes no form: the guard runs first (visitors are sent to log in,
 * members get 403 on admin pages), then the request is refused with 405.
 */
export async function refuseSubmission(request: Request, guard: (request: Request) => Promise<SessionUser>): Promise<never> {
  await guard(request);
  throw new AppError(405, "This page does not take form submissions.", { allow: "GET, HEAD" });
}

/** The action of a member's page that takes no form (`export const action = refuseMemberSubmission`). */
export function refuseMemberSubmission({ request }: { request: Request }): Promise<never> {
  return refuseSubmission(request, requireMember);
}

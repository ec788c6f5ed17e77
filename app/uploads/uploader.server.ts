// Who an upload belongs to: the member, or a visitor recognised by a signed cookie holding a random
// token (visitors may add listings with photos). Only the token's hash is stored.
import { getSessionUser, type SessionUser } from "../auth/guards.server";
import { signedCookie } from "../auth/cookies.server";
import { hashToken, newToken } from "../auth/tokens.server";

export interface Uploader {
  user: SessionUser | null;
  visitorKey: string | null;
}

const uploaderCookie = signedCookie("pawroute_uploader", 60 * 60 * 24 * 7);

/** The visitor's key from the cookie, or null. */
export async function visitorKeyOf(request: Request): Promise<string | null> {
  const token: unknown = await uploaderCookie().parse(request.headers.get("Cookie"));
  return typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token) ? hashToken(token) : null;
}

/** The uploader behind a request; a visitor without a cookie gets one (returned as a Set-Cookie header). */
export async function uploaderOf(request: Request, options: { issue: boolean }): Promise<{ uploader: Uploader; setCookie: string | null }> {
  const user = await getSessionUser(request);
  if (user) return { uploader: { user, visitorKey: null }, setCookie: null };
  const existing = await visitorKeyOf(request);
  if (existing || !options.issue) return { uploader: { user: null, visitorKey: existing }, setCookie: null };
  const { token, hash } = newToken();
  return { uploader: { user: null, visitorKey: hash }, setCookie: await uploaderCookie().serialize(token) };
}

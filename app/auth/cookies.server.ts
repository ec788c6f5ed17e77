// The one way to make a signed cookie: HttpOnly, SameSite=Lax, Secure in production unless
// COOKIE_SECURE=false, signed with SESSION_SECRET, path /. Made once per name, on first use (so tests
// may set the environment first). docs/decisions/0061-cookies.md lists every cookie.
import { createCookie, type Cookie } from "@remix-run/node";
import { getEnv } from "../env.server";

const cookies = new Map<string, Cookie>();

export function signedCookie(name: string, maxAgeSeconds: number): () => Cookie {
  return () => {
    const made = cookies.get(name);
    if (made) return made;
    const env = getEnv();
    const cookie = createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      secure: env.NODE_ENV === "production" && env.COOKIE_SECURE,
      path: "/",
      secrets: [env.SESSION_SECRET],
      maxAge: maxAgeSeconds,
    });
    cookies.set(name, cookie);
    return cookie;
  };
}

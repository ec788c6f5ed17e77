// The one way to make a signed cookie: HttpOnly, SameSite=Lax, Secure in production when the site is
// https (COOKIE_SECURE, which follows PUBLIC_URL's scheme unless set: decision 0257), signed with SESSION_SECRET, path /. Made once per name, on first use (so tests
// may set the environment first). docs/decisions/0061-cookies.md lists every cookie.
import { createCookie, type Cookie } from "@remix-run/node";
import { getEnv } from "../env.server";

const cookies = new Map<string, Cookie>();

/** Whether the cookies this server sets are Secure. */
export function cookiesAreSecure(): boolean {
  const env = getEnv();
  return env.NODE_ENV === "production" && env.COOKIE_SECURE;
}

export function signedCookie(name: string, maxAgeSeconds: number): () => Cookie {
  return () => {
    const made = cookies.get(name);
    if (made) return made;
    const env = getEnv();
    const cookie = createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      secure: cookiesAreSecure(),
      path: "/",
      secrets: [env.SESSION_SECRET],
      maxAge: maxAgeSeconds,
    });
    cookies.set(name, cookie);
    return cookie;
  };
}

// The cookies the app writes by hand, not through Remix's signed cookies (app/auth/cookies.server.ts):
// small first-party preferences the browser and the server both read (the homepage tab, a menu left open,
// a modal already seen). One writer and one reader, the same on the server and in the browser.

export interface CookieOptions {
  maxAgeSeconds: number;
  /** Only over HTTPS. In the browser, `writeBrowserCookie` sets it whenever the page is on HTTPS. */
  secure?: boolean;
}

/** A `Set-Cookie` value (or a `document.cookie` assignment): Path=/, SameSite=Lax, the value URI-encoded. */
export function serializeCookie(name: string, value: string, { maxAgeSeconds, secure = false }: CookieOptions): string {
  return `${name}=${encodeURIComponent(value)}; Max-Age=${Math.floor(maxAgeSeconds)}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The value of a cookie in a `Cookie` header (or `document.cookie`), decoded; null when it is absent or malformed. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/** Reads a cookie in the browser. */
export function readBrowserCookie(name: string): string | null {
  return readCookie(document.cookie, name);
}

/** Writes a cookie in the browser, Secure when the page is served over HTTPS. */
export function writeBrowserCookie(name: string, value: string, maxAgeSeconds: number): void {
  document.cookie = serializeCookie(name, value, { maxAgeSeconds, secure: location.protocol === "https:" });
}

// Who is asking: the client's IP (from Express, which knows whether to trust a proxy) and browser.
import type { AppLoadContext } from "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Set by server.ts from Express's req.ip (TRUST_PROXY decides whether X-Forwarded-For counts). */
    clientIp?: string;
  }
}

export interface Client {
  ip: string;
  userAgent: string;
}

export function clientOf(request: Request, context: AppLoadContext | undefined): Client {
  return {
    ip: (context?.clientIp ?? "unknown").replace(/^::ffff:/, ""),
    userAgent: (request.headers.get("User-Agent") ?? "").slice(0, 400),
  };
}

// What the local payment stand-ins (Stripe, PayPal) share: reading a small request body, and listening
// on 127.0.0.1 with a way to close.
import type { IncomingMessage, Server } from "node:http";
import type { AddressInfo } from "node:net";

/** The request's body as text; a body over `limit` bytes ends the request. */
export function readBody(request: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) request.destroy();
      else chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

export interface LocalServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1:port (0: a free port). */
export async function listenLocally(server: Server, port: number): Promise<LocalServer> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Sends one signed event body to the app; answers the HTTP status (0 when it could not be reached). */
export type Deliver = (payload: string, headers: Record<string, string>) => Promise<number>;

/** How a stand-in sends its webhooks: to the app's webhook route (server.ts), or a function (tests). */
export interface WebhookTarget {
  /** The app's webhook address, e.g. http://127.0.0.1:3000/api/webhooks/stripe. */
  url?: string;
  deliver?: Deliver;
}

/** The stand-in's delivery function: POST to the URL (as the provider does), or the test's own. */
export function deliveryOf(target: WebhookTarget | undefined): Deliver | null {
  if (target?.deliver) return target.deliver;
  const url = target?.url;
  if (!url) return null;
  return async (payload, headers) => {
    try {
      const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: payload, signal: AbortSignal.timeout(20_000) });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return 0;
    }
  };
}

/** An event a stand-in sent, kept so that it can be sent again (a provider's retry, a replay). */
export interface SentEvent {
  id: string;
  type: string;
  /** The event as JSON, exactly as sent. */
  payload: string;
  /** The app's answer to the last delivery (0: not reached; null: no webhook target). */
  status: number | null;
}

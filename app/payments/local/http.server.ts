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

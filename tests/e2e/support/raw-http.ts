// A bare HTTP client for tests that send thousands of requests and read only the status and body (the fuzz).
// Playwright's request context spends about 5 ms of its worker's CPU a request (its protocol, cookie jar,
// decompression); node:http on kept connections about a tenth of that (decision 0352). The address goes out
// as `new URL` leaves it, as Playwright sends it: a corpus already percent-encoded reaches the server as it is.
import { Agent, request, type IncomingHttpHeaders, type IncomingMessage } from "node:http";

export interface RawRequest {
  method: "GET" | "POST";
  /** Path and query, already percent-encoded. */
  url: string;
  headers?: Record<string, string>;
  body?: string;
  timeout?: number;
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface RawClient {
  fetch(request: RawRequest): Promise<RawResponse>;
  close(): void;
}

/**
 * Requests to `baseURL` on up to `sockets` kept connections. No cookie jar (each request carries only the
 * cookies it is given), no redirects followed, no Accept-Encoding (bodies come back as they are made).
 */
export function rawClient(baseURL: string, options: { userAgent?: string; sockets?: number } = {}): RawClient {
  const agent = new Agent({ keepAlive: true, maxSockets: options.sockets ?? 8 });
  return {
    fetch: ({ method, url, headers = {}, body, timeout = 30_000 }) =>
      new Promise((resolve, reject) => {
        const target = new URL(url, baseURL);
        const bytes = body === undefined ? undefined : Buffer.from(body);
        const sent: Record<string, string> = { ...(options.userAgent ? { "User-Agent": options.userAgent } : {}), ...headers };
        if (method === "POST") sent["Content-Length"] = String(bytes?.length ?? 0);
        let answer: IncomingMessage | undefined;
        const chunks: Buffer[] = [];
        const finish = () => resolve({ status: answer?.statusCode ?? 0, headers: answer?.headers ?? {}, body: Buffer.concat(chunks).toString("utf8") });
        const outgoing = request({ agent, method, host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, headers: sent }, (incoming) => {
          answer = incoming;
          incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
          incoming.on("end", finish);
          incoming.on("error", (error) => (incoming.complete ? finish() : reject(error)));
        });
        outgoing.setTimeout(timeout, () => outgoing.destroy(new Error(`no answer in ${timeout} ms`)));
        // A server that answers and closes before the request is all sent (Node's 431) resets the connection
        // after its whole answer: the answer stands.
        outgoing.on("error", (error) => (answer?.complete ? finish() : reject(error)));
        outgoing.end(bytes);
      }),
    close: () => agent.destroy(),
  };
}

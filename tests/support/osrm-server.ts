import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";

export interface OsrmAnswer {
  status: number;
  body: string;
  contentType?: string;
}

export interface OsrmTestServer {
  /** http://127.0.0.1:{port}, what OSRM_URL would be. */
  url: string;
  /** Every request received, in order. */
  requests: URL[];
  close: () => Promise<void>;
}

/** A stored OSRM v5 response body from tests/fixtures/osrm/. */
export function osrmFixture(name: string): string {
  return readFileSync(new URL(`../fixtures/osrm/${name}`, import.meta.url), "utf8");
}

export function json(status: number, body: string): OsrmAnswer {
  return { status, body, contentType: "application/json; charset=UTF-8" };
}

function requestUrl(request: IncomingMessage): URL {
  return new URL(request.url ?? "/", "http://127.0.0.1");
}

/** A local stand-in for osrm-routed: answers each request with what `answer` returns for its URL. */
export async function startOsrmServer(answer: (url: URL) => OsrmAnswer): Promise<OsrmTestServer> {
  const requests: URL[] = [];
  const server = createServer((request, response) => {
    const url = requestUrl(request);
    requests.push(url);
    const { status, body, contentType } = answer(url);
    response.writeHead(status, { "content-type": contentType ?? "text/plain; charset=UTF-8" });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("The OSRM test server has no TCP port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

import type { BrowserContext } from "@playwright/test";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
const LOCAL_PROTOCOLS = new Set(["data:", "blob:", "about:"]);

/**
 * Notes every request the browser makes to a host other than this machine (a test fails on any).
 * The browser itself cannot reach one: playwright.config.ts resolves every other host name to
 * nothing (--host-resolver-rules). Watching requests, rather than routing every request through the
 * test runner, keeps page loads at their real speed (routing cost ~40 % per page load with JavaScript on).
 */
export function watchOffMachineRequests(context: BrowserContext, problems: string[]) {
  context.on("request", (request) => {
    const url = new URL(request.url());
    if (LOCAL_PROTOCOLS.has(url.protocol) || LOCAL_HOSTS.has(url.hostname)) return;
    problems.push(`request left the machine: ${request.method()} ${request.url()}`);
  });
}

/**
 * Remix logs (console.error, single-fetch.js) the AbortError of a fetch the router itself aborted while
 * the response was still streaming: a stale revalidation superseded by a newer navigation or submission,
 * which the router discards by design. Seen once in CI after the Treat address dialog's save; not a fault.
 */
export function isRouterAbortLog(text: string, source: string): boolean {
  return text.startsWith("AbortError: signal is aborted without reason") && /^http:\/\/localhost:\d+\/assets\/components-[\w-]+\.js$/.test(source);
}

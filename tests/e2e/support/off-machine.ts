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

import type { Page } from "@playwright/test";
import { watchOffMachineRequests } from "./off-machine";

/**
 * Remix logs (console.error, single-fetch.js) the AbortError of a fetch the router itself aborted while
 * the response was still streaming: a stale revalidation superseded by a newer navigation or submission,
 * which the router discards by design. Seen once in CI after the Treat address dialog's save; not a fault.
 */
export function isRouterAbortLog(text: string, source: string): boolean {
  return text.startsWith("AbortError: signal is aborted without reason") && /^http:\/\/localhost:\d+\/assets\/components-[\w-]+\.js$/.test(source);
}

/**
 * Collects what fails a test whatever it checks: console errors (except Remix's log above and those the
 * test allows), uncaught page errors and requests that leave the machine. The fixtures assert the list is
 * empty once the test is done.
 */
export function watchPageProblems(page: Page, allowed: (text: string, source: string) => boolean = () => false): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const source = message.location().url;
    if (allowed(message.text(), source) || isRouterAbortLog(message.text(), source)) return;
    problems.push(`console error: ${message.text()} (at ${source || "unknown"})`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  watchOffMachineRequests(page.context(), problems);
  return problems;
}

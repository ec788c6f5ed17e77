// Getting past the captcha in tests: the widget with JavaScript, the question without, or (for
// request-level tests) a solution computed here with altcha-lib against the app's own challenge.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "@playwright/test";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";

const WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

/** Answers "What is four plus seven? Answer in digits." */
export function answerQuestion(question: string): string {
  const match = /What is (\w+) plus (\w+)\?/.exec(question);
  if (!match) throw new Error(`not a captcha question: ${question}`);
  return String(WORDS.indexOf(match[1]) + WORDS.indexOf(match[2]));
}

/** Completes the captcha of the form on the page, whichever version the page shows. */
export async function completeCaptcha(page: Page, scope = page.locator("main"), solveTimeout = 20_000): Promise<void> {
  const widget = scope.locator("altcha-widget");
  // With JavaScript the page hydrates and the widget replaces the question: wait for that, or the question
  // answered here is taken away while it is being typed (a first-attempt failure under load).
  if (test.info().project.use.javaScriptEnabled !== false) {
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 20_000 });
    await expect(widget).toBeVisible();
    await widget.getByRole("checkbox", { name: "I'm not a robot" }).click();
    // Solving takes about a second of proof-of-work in the browser.
    await expect(widget.locator(".altcha[data-state='verified']")).toBeAttached({ timeout: solveTimeout });
    return;
  }
  const label = scope.locator("label", { hasText: "Answer in digits" });
  const question = await label.innerText();
  await scope.locator("input[name='captchaAnswer']").fill(answerQuestion(question));
}

export function isQuestion(text: string): boolean {
  return /What is \w+ plus \w+\?/.test(text);
}

/** A solved ALTCHA payload for a fresh challenge from the app, as the widget would post it. */
export async function solvedPayload(request: APIRequestContext): Promise<string> {
  const response = await request.get("/captcha/challenge");
  expect(response.status()).toBe(200);
  const challenge: Challenge = await response.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("could not solve the challenge");
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString("base64");
}

/** The no-JavaScript question and its signed token, read from a page's HTML. */
export async function fallbackFrom(request: APIRequestContext, path: string): Promise<{ token: string; answer: string }> {
  const html = await (await request.get(path)).text();
  const token = /name="captchaToken" value="([^"]+)"/.exec(html)?.[1];
  const question = /(What is \w+ plus \w+\? Answer in digits\.)/.exec(html)?.[1];
  if (!token || !question) throw new Error(`no captcha question on ${path}`);
  return { token, answer: answerQuestion(question) };
}

// Getting past the captcha in tests: the widget with JavaScript, the question without, or (for
// request-level tests) a solution computed here with altcha-lib against the app's own challenge.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "@playwright/test";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { answerQuestion, QUESTION_IN_HTML } from "../../support/captcha-answer";

export { answerQuestion };

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

/** A solved ALTCHA payload for a fresh challenge for `form` from the app, as the widget would post it. */
export async function solvedPayload(request: APIRequestContext, form: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await request.get(`/captcha/challenge?form=${form}`, { headers });
  expect(response.status()).toBe(200);
  const challenge: Challenge = await response.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("could not solve the challenge");
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString("base64");
}

/**
 * The no-JavaScript question and its token, read from a page's HTML. The token is bound to the client's
 * address: post with the same `headers` (X-Forwarded-For) the page was read with.
 */
export async function fallbackFrom(request: APIRequestContext, path: string, headers: Record<string, string> = {}): Promise<{ token: string; answer: string }> {
  const html = (await (await request.get(path, { headers })).text()).replaceAll("&#x27;", "'");
  const token = /name="captchaToken" value="([^"]+)"/.exec(html)?.[1];
  const question = QUESTION_IN_HTML.exec(html)?.[1];
  if (!token || !question) throw new Error(`no captcha question on ${path}`);
  return { token, answer: answerQuestion(question) };
}

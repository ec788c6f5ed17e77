// A bot against the no-JavaScript captcha: it reads the page (the token included) and posts the form
// as a script would. The token's answer is encrypted, each question takes one guess, and a solved
// token cannot be replayed (app/captcha/captcha.server.ts, docs/decisions/0063-captcha-fallback.md).
import type { APIRequestContext } from "@playwright/test";
import { uniqueEmail, uniqueIp } from "./support/accounts";
import { fallbackFrom } from "./support/captcha";
import { expect, test } from "./support/test";

const FORM = "/account/login/forgotten";
const SENT = "we have sent it a link";

async function readPage(request: APIRequestContext) {
  const html = await (await request.get(FORM)).text();
  const token = /name="captchaToken" value="([^"]+)"/.exec(html)?.[1] ?? "";
  expect(token, "the page carries a captcha token").not.toBe("");
  return { html, token };
}

async function submit(request: APIRequestContext, token: string, answer: string) {
  const response = await request.post(FORM, {
    form: { email: uniqueEmail("bot"), captchaToken: token, captchaAnswer: answer },
    headers: { "X-Forwarded-For": uniqueIp() },
    maxRedirects: 0,
  });
  return { status: response.status(), html: (await response.text()).replaceAll("&#x27;", "'") };
}

test("reading the page does not give away the answer of the no-JavaScript question", async ({ request }) => {
  const { html, token } = await readPage(request);
  // Whatever the token holds, no part of it decodes to readable text, let alone a sum.
  for (const part of token.split(".")) {
    const decoded = Buffer.from(part, "base64url").toString("utf8");
    expect(decoded).not.toMatch(/sum|"exp"|nonce/);
    expect(() => JSON.parse(decoded)).toThrow();
  }
  // Nothing else in the page holds the answer either: no hidden field but the token and the honeypot.
  const hidden = [...html.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"/g)].map((m) => m[1]);
  expect(hidden.filter((name) => name !== "captchaToken")).not.toContain("captchaAnswer");
});

test("a bot that tries every sum on one question gets one guess", async ({ request }) => {
  const { token } = await readPage(request);
  const answers: number[] = [];
  for (let sum = 2; sum <= 18; sum++) answers.push((await submit(request, token, String(sum))).status);
  // The first guess is judged (right by luck or wrong); every later one is refused as used, never accepted.
  const later = answers.slice(1);
  expect(later.every((status) => status === 400), `statuses ${answers.join(",")}`).toBe(true);
  const replayed = await submit(request, token, "2");
  expect(replayed.status).toBe(400);
  expect(replayed.html).toContain("This captcha has already been used. Please complete it again.");
});

test("a solved question cannot be replayed", async ({ request }) => {
  const { token, answer } = await fallbackFrom(request, FORM);
  const first = await submit(request, token, answer);
  expect(first.status).toBe(200);
  expect(first.html).toContain(SENT);
  const again = await submit(request, token, answer);
  expect(again.status).toBe(400);
  expect(again.html).toContain("This captcha has already been used. Please complete it again.");
  expect(again.html).not.toContain(SENT);
});

test("a forged token is refused", async ({ request }) => {
  const { token, answer } = await fallbackFrom(request, FORM);
  const [version, body] = token.split(".");
  const flipped = `${version}.${body.slice(0, -2)}${body.endsWith("AA") ? "BB" : "AA"}`;
  const forged = await submit(request, flipped, answer);
  expect(forged.status).toBe(400);
  expect(forged.html).toContain("The captcha could not be checked. Please try it again.");
});

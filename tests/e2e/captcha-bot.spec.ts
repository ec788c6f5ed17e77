// A bot against the no-JavaScript captcha: it reads the page (the token included) and posts the form
// as a script would. The token's answer is encrypted, each question takes one guess, a solved token
// cannot be replayed, a token or challenge made for one form or client is refused on another, and each
// address gets ten answers a quarter hour (app/captcha/captcha.server.ts, decisions 0063 and 0255).
import type { APIRequestContext } from "@playwright/test";
import { uniqueEmail, uniqueIp } from "./support/accounts";
import { fallbackFrom, solvedPayload } from "./support/captcha";
import { expect, test } from "./fixtures";

const FORM = "/account/login/forgotten";
const SENT = "we have sent it a link";

async function readPage(request: APIRequestContext) {
  const html = await (await request.get(FORM)).text();
  const token = /name="captchaToken" value="([^"]+)"/.exec(html)?.[1] ?? "";
  expect(token, "the page carries a captcha token").not.toBe("");
  return { html, token };
}

async function submit(request: APIRequestContext, token: string, answer: string, headers: Record<string, string> = {}) {
  const response = await request.post(FORM, {
    form: { email: uniqueEmail("bot"), captchaToken: token, captchaAnswer: answer },
    headers,
    maxRedirects: 0,
  });
  return { status: response.status(), html: (await response.text()).replaceAll("&#x27;", "'") };
}

test("reading the page does not give away the answer of the no-JavaScript question", { tag: "@http" }, async ({ request }) => {
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

test("a bot that tries every answer on one question gets one guess, and ten answers a quarter hour", { tag: "@http" }, async ({ request }) => {
  const { token } = await readPage(request);
  const answers: number[] = [];
  for (let guess = 2; guess <= 13; guess++) answers.push((await submit(request, token, String(guess))).status);
  // The first guess is judged (right by luck or wrong); the next nine are refused as used, never accepted;
  // past ten answers from this address, the form says to wait.
  expect(answers.slice(1, 10).every((status) => status === 400), `statuses ${answers.join(",")}`).toBe(true);
  expect(answers.slice(10)).toEqual([429, 429]);
  const waited = await submit(request, token, "2");
  expect(waited.status).toBe(429);
  expect(waited.html).toContain("Too many attempts. Please wait");
  // Another address is not held up by this one's attempts.
  const other = uniqueIp();
  const fresh = await fallbackFrom(request, FORM, { "X-Forwarded-For": other });
  expect((await submit(request, fresh.token, fresh.answer, { "X-Forwarded-For": other })).status).toBe(200);
});

test("a question answered right is refused on another form and from another address", { tag: "@http" }, async ({ request }) => {
  // Minted on /contact, answered right, posted to /account/login/forgotten: refused, and nothing is sent.
  const contact = await fallbackFrom(request, "/contact");
  const elsewhere = await submit(request, contact.token, contact.answer);
  expect(elsewhere.status).toBe(400);
  expect(elsewhere.html).toContain("The captcha could not be checked. Please try it again.");
  expect(elsewhere.html).not.toContain(SENT);
  // Minted for this form but for another client.
  const mine = await fallbackFrom(request, FORM);
  const theirs = await submit(request, mine.token, mine.answer, { "X-Forwarded-For": uniqueIp() });
  expect(theirs.status).toBe(400);
  expect(theirs.html).toContain("The captcha could not be checked. Please try it again.");
  // The same holds for the widget's proof of work: a challenge for /contact does not open this form.
  const solvedForContact = await solvedPayload(request, "contact");
  const pow = await request.post(FORM, { form: { email: uniqueEmail("bot"), altcha: solvedForContact }, maxRedirects: 0 });
  expect(pow.status()).toBe(400);
  expect(await pow.text()).toContain("The captcha could not be checked. Please try it again.");
  const solvedHere = await solvedPayload(request, "forgotten");
  expect((await request.post(FORM, { form: { email: uniqueEmail("bot"), altcha: solvedHere }, maxRedirects: 0 })).status()).toBe(200);
});

test("a solved question cannot be replayed", { tag: "@http" }, async ({ request }) => {
  const { token, answer } = await fallbackFrom(request, FORM);
  const first = await submit(request, token, answer);
  expect(first.status).toBe(200);
  expect(first.html).toContain(SENT);
  const again = await submit(request, token, answer);
  expect(again.status).toBe(400);
  expect(again.html).toContain("This captcha has already been used. Please complete it again.");
  expect(again.html).not.toContain(SENT);
});

test("a forged token is refused", { tag: "@http" }, async ({ request }) => {
  const { token, answer } = await fallbackFrom(request, FORM);
  const [version, body] = token.split(".");
  const flipped = `${version}.${body.slice(0, -2)}${body.endsWith("AA") ? "BB" : "AA"}`;
  const forged = await submit(request, flipped, answer);
  expect(forged.status).toBe(400);
  expect(forged.html).toContain("The captcha could not be checked. Please try it again.");
});

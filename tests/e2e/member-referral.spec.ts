// Refer a friend, JavaScript on and off: the invitation goes out through the mail queue with a signed
// link; the friend joins through it and verifies; the referrer is credited exactly once.
import { createMember, logInAs, memberByEmail, memberRow, sessionCookieValue, uniqueEmail } from "./support/accounts";
import { QUESTION_IN_HTML } from "../support/captcha-answer";
import { answerQuestion } from "./support/captcha";
import { linkIn, mailFor, waitForMail } from "./support/mail";
import { completeCaptchaPatiently, pointsEntriesOf } from "./support/members";
import { expect, test } from "./fixtures";

test.use({ allowClientErrors: true });

test("a referral followed through the mail, the join and the verification credits the referrer once", async ({ page, browser, javaScriptEnabled }) => {
  test.setTimeout(180_000);
  const referrer = await createMember({ label: "referrer" });
  await logInAs(page.context(), referrer);
  const friend = uniqueEmail("friend");

  // With JavaScript the form opens in the checklist's modal; without, it is its own page.
  await page.goto("/account");
  if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.locator("[data-item='refer-a-friend']").getByRole("link", { name: "Refer a friend" }).click();
  const form = javaScriptEnabled ? page.getByRole("dialog") : page.locator("main");
  if (!javaScriptEnabled) await expect(page).toHaveURL(/\/account\/refer-a-friend$/);
  await form.getByLabel("Your friend's email address").fill(friend);
  await form.getByLabel("A message for your friend").fill("Come and find walks with us!");
  await completeCaptchaPatiently(page, form);
  await form.getByRole("button", { name: "Send invitation" }).click();
  // The captcha check and the queued mail can take a few seconds on a loaded machine.
  await expect(page.getByText(`We have sent your invitation to ${friend}`)).toBeVisible({ timeout: 15_000 });

  // The checklist item is done.
  await page.goto("/account");
  await expect(page.locator("[data-item='refer-a-friend']")).toHaveAttribute("data-done", "true");

  // The friend follows the mailed link, joins and verifies, in a browser of their own.
  const invitation = await waitForMail(friend, "invites you to Pawroute");
  expect(invitation.text).toContain("Come and find walks with us!");
  const joinLink = linkIn(invitation, "/join");
  expect(joinLink).toMatch(/ref=\d+\.[A-Za-z0-9_-]{32}/);
  const friendContext = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": `10.9.${Date.now() % 250}.7` } });
  const friendPage = await friendContext.newPage();
  await friendPage.goto(joinLink);
  await expect(friendPage.getByText(`${referrer.username} invited you to Pawroute`)).toBeVisible();
  await expect(friendPage.getByLabel("Email address")).toHaveValue(friend);
  await friendPage.getByLabel("Password", { exact: true }).fill("a long dog walk");
  await friendPage.getByLabel("Repeat your password").fill("a long dog walk");
  await friendPage.getByRole("button", { name: "Join Pawroute" }).click();
  await expect(friendPage.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  expect((await memberRow(referrer.id)).points).toBe(0);

  const verification = await waitForMail(friend, "Confirm your email address");
  await friendPage.goto(linkIn(verification, "/account/verify"));
  await friendPage.getByRole("button", { name: "Confirm" }).click();
  await expect(friendPage).toHaveURL(/\/account\/set-username/);
  expect((await memberByEmail(friend))?.email_verified).toBe(true);

  expect((await memberRow(referrer.id)).points).toBe(50);
  expect(await pointsEntriesOf(referrer.id, "referral")).toHaveLength(1);
  // The link works once; the credit stays single.
  await friendPage.goto(linkIn(verification, "/account/verify"));
  await expect(friendPage.getByText("This link has already been used. Each link works only once.")).toBeVisible();
  expect((await memberRow(referrer.id)).points).toBe(50);
  await friendContext.close();
});

test("a tampered referral link is ignored", async ({ page }) => {
  await page.goto("/join?ref=1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
  await expect(page.getByRole("heading", { name: "Join Pawroute" })).toBeVisible();
  await expect(page.getByText("invited you to Pawroute")).toHaveCount(0);
});

test("referring oneself, an existing member or the same address twice is refused with a clear message", { tag: "@http" }, async ({ request }) => {
  const referrer = await createMember({ label: "refusals" });
  const other = await createMember({ label: "existing" });
  const friend = uniqueEmail("twice");
  const headers = { Cookie: `pawroute_session=${(await sessionCookieValue(referrer)).value}` };
  const send = async (email: string) => {
    const page = await request.get("/account/refer-a-friend", { headers });
    const html = await page.text();
    const token = /name="captchaToken" value="([^"]+)"/.exec(html)?.[1] ?? "";
    const question = (QUESTION_IN_HTML.exec(html.replaceAll("&#x27;", "'"))?.[1] ?? "");
    return request.post("/account/refer-a-friend", { headers, form: { email, message: "", captchaToken: token, captchaAnswer: answerQuestion(question) } });
  };
  const self = await send(referrer.email.toUpperCase());
  expect(self.status()).toBe(400);
  expect((await self.text()).replaceAll("&#x27;", "'")).toContain("You can't refer yourself. Please enter your friend's email address.");
  const existing = await send(other.email);
  expect(existing.status()).toBe(409);
  expect(await existing.text()).toContain("Your friend is already a Pawroute member.");
  expect((await send(friend)).status()).toBe(200);
  const twice = await send(friend.toUpperCase());
  expect(twice.status()).toBe(409);
  expect(await twice.text()).toContain("You have already invited this friend.");
  await waitForMail(friend, "invites you to Pawroute");
  expect(await mailFor(friend)).toHaveLength(1);
});

import { createMember, expireLinks, logInAs, memberRow, sessionExists } from "./support/accounts";
import { completeCaptcha, fallbackFrom, solvedPayload } from "./support/captcha";
import { linkIn, mailFor, waitForJobsAbout, waitForMail } from "./support/mail";
import { expect, test } from "./fixtures";

test("a forgotten password is reset through the mailed link, which then stops working", async ({ page, browser }) => {
  const member = await createMember({ verified: false });
  const other = await browser.newContext();
  const otherSession = await logInAs(other, member);

  await page.goto("/account/login/");
  await page.getByRole("link", { name: "Forgotten your password?" }).click();
  await expect(page).toHaveURL(/\/account\/login\/forgotten/);
  // With JavaScript, type once the page is hydrated: the enhanced form takes over the field then.
  if (await page.evaluate(() => typeof window !== "undefined" && "__remixContext" in window).catch(() => false)) {
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  }
  await page.getByLabel("Email address").fill(member.email);
  await completeCaptcha(page);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByText(`If ${member.email} belongs to a Pawroute account`)).toBeVisible();

  const mail = await waitForMail(member.email, "Reset your Pawroute password");
  const link = linkIn(mail, "/account/login/reset");
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("a brand new password");
  await page.getByLabel("Repeat your new password").fill("a brand new password");
  await completeCaptcha(page);
  await page.getByRole("button", { name: "Save my new password" }).click();
  await expect(page).toHaveURL(/\/account\/login\/$/);
  await expect(page.getByText("Success! Your password has now been updated.")).toBeVisible();

  // Every session ended; the address is now proven.
  expect(await sessionExists(otherSession)).toBe(false);
  expect((await memberRow(member.id)).email_verified).toBe(true);
  await waitForMail(member.email, "Your Pawroute password has changed");

  await page.getByLabel("Email address").fill(member.email);
  await page.getByLabel("Password").fill("a brand new password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/account$/);

  await page.goto(link);
  await expect(page.getByRole("alert")).toHaveText("This link has already been used. Each link works only once.");
  await other.close();
});

test("an unknown address gets the same answer and no mail", async ({ page }) => {
  const email = `nobody-${Date.now()}@e2e.pawroute.test`;
  await page.goto("/account/login/forgotten");
  await page.getByLabel("Email address").fill(email);
  await completeCaptcha(page);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByText(`If ${email} belongs to a Pawroute account`)).toBeVisible();
  // The request's job has run (and any mail it queued has gone out): then there is none.
  await waitForJobsAbout(email);
  expect(await mailFor(email)).toEqual([]);
});

test.describe("bad input", () => {
  test.use({ allowClientErrors: true });

  test("an expired link says so and offers a new one", async ({ page, request }) => {
    const member = await createMember();
    const { token, answer } = await fallbackFrom(request, "/account/login/forgotten");
    await request.post("/account/login/forgotten", { form: { email: member.email, captchaToken: token, captchaAnswer: answer } });
    const mail = await waitForMail(member.email, "Reset your Pawroute password");
    await expireLinks(member.id);
    await page.goto(linkIn(mail, "/account/login/reset"));
    await expect(page.getByRole("alert")).toHaveText("This link has expired. Please ask for a new one.");
    await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();

    // Posting to it anyway changes nothing.
    const before = (await memberRow(member.id)).password_hash;
    const response = await request.post("/account/login/reset", {
      form: { token: new URL(linkIn(mail, "/account/login/reset")).searchParams.get("token") ?? "", password: "new password 1", passwordRepeat: "new password 1", altcha: await solvedPayload(request, "reset") },
    });
    expect(response.status()).toBe(410);
    expect((await memberRow(member.id)).password_hash).toBe(before);
  });

  test("the reset form uses the spec's messages", async ({ page, request }) => {
    const member = await createMember();
    const { token, answer } = await fallbackFrom(request, "/account/login/forgotten");
    await request.post("/account/login/forgotten", { form: { email: member.email, captchaToken: token, captchaAnswer: answer } });
    const mail = await waitForMail(member.email, "Reset your Pawroute password");
    await page.goto(linkIn(mail, "/account/login/reset"));
    await page.getByLabel("New password", { exact: true }).fill("a brand new password");
    await completeCaptcha(page);
    await page.getByRole("button", { name: "Save my new password" }).click();
    await expect(page.getByText("You must re-enter your new password")).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("a brand new password");
    await page.getByLabel("Repeat your new password").fill("a different password");
    await page.getByRole("button", { name: "Save my new password" }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
  });

  test("a captcha solution is accepted once; a replay, a forgery or none is refused", { tag: "@http" }, async ({ request }) => {
    const member = await createMember();
    const payload = await solvedPayload(request, "forgotten");
    const first = await request.post("/account/login/forgotten", { form: { email: member.email, altcha: payload } });
    expect(first.status()).toBe(200);
    const replay = await request.post("/account/login/forgotten", { form: { email: member.email, altcha: payload } });
    expect(replay.status()).toBe(400);
    expect(await replay.text()).toContain("This captcha has already been used. Please complete it again.");

    const forged = Buffer.from(JSON.stringify({ challenge: { parameters: { algorithm: "PBKDF2/SHA-256", nonce: "00", salt: "00", cost: 1, keyLength: 32, keyPrefix: "00" }, signature: "forged" }, solution: { counter: 1, derivedKey: "00" } })).toString("base64");
    const forgery = await request.post("/account/login/forgotten", { form: { email: member.email, altcha: forged } });
    expect(forgery.status()).toBe(400);
    expect(await forgery.text()).toContain("The captcha could not be checked. Please try it again.");

    const none = await request.post("/account/login/forgotten", { form: { email: member.email } });
    expect(none.status()).toBe(400);
    expect(await none.text()).toContain("Please confirm that you are not a robot.");

    const question = await fallbackFrom(request, "/account/login/forgotten");
    const once = await request.post("/account/login/forgotten", { form: { email: member.email, captchaToken: question.token, captchaAnswer: question.answer } });
    expect(once.status()).toBe(200);
    const twice = await request.post("/account/login/forgotten", { form: { email: member.email, captchaToken: question.token, captchaAnswer: question.answer } });
    expect(twice.status()).toBe(400);
    expect(await twice.text()).toContain("This captcha has already been used. Please complete it again.");
  });
});

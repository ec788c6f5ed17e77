import { createMember, database } from "./support/accounts";
import { expect, test } from "./fixtures";

test("a member logs in, is taken back to where they were going with a new session, and logs out", async ({ page }) => {
  const member = await createMember();
  await page.goto("/account/settings/");
  await expect(page).toHaveURL(/\/account\/login\/\?redirectTo=%2Faccount%2Fsettings%2F$/);
  await page.getByLabel("Email address").fill(member.email);
  await page.getByLabel("Password").fill(member.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/account\/settings\/$/);
  await expect(page.getByRole("heading", { name: "Account settings" })).toBeVisible();

  const cookie = (await page.context().cookies()).find((c) => c.name === "pawroute_session");
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe("Lax");
  const [session] = await database()<{ count: number }[]>`SELECT count(*)::int AS count FROM sessions WHERE user_id = ${member.id}`;
  expect(session.count).toBe(1);

  await page.getByRole("button", { name: "Log out" }).first().click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  const [after] = await database()<{ count: number }[]>`SELECT count(*)::int AS count FROM sessions WHERE user_id = ${member.id}`;
  expect(after.count).toBe(0);
  await page.goto("/account");
  await expect(page).toHaveURL(/\/account\/login\//);
});

test("a member without a username is asked to choose one after logging in", async ({ page }) => {
  const member = await createMember({ username: null });
  await page.goto("/account/login/");
  await page.getByLabel("Email address").fill(member.email);
  await page.getByLabel("Password").fill(member.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/account\/set-username\?redirectTo=%2Faccount$/);
  await expect(page.getByRole("heading", { name: "Choose a username" })).toBeVisible();
});

test("the return target must be a path on this site", async ({ page }) => {
  const member = await createMember();
  for (const target of ["https://evil.example/", "//evil.example/", "/\\evil.example"]) {
    await page.goto(`/account/login/?redirectTo=${encodeURIComponent(target)}`);
    await page.getByLabel("Email address").fill(member.email);
    await page.getByLabel("Password").fill(member.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/account" && url.host.startsWith("localhost"));
    await page.context().clearCookies();
  }
});

test.describe("wrong details", () => {
  test.use({ allowClientErrors: true });

  test("a wrong password and an unknown email get the same answer", async ({ page }) => {
    const member = await createMember();
    await page.goto("/account/login/");
    await page.getByLabel("Email address").fill(member.email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Log in" }).click();
    const message = "The email address or password is not right. Please check them and try again.";
    await expect(page.getByRole("alert")).toHaveText(message);
    await page.getByLabel("Email address").fill(`nobody-${member.id}@e2e.pawroute.test`);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("alert")).toHaveText(message);
    await expect(page.getByLabel("Email address")).toHaveValue(`nobody-${member.id}@e2e.pawroute.test`);
  });

  test("a failed log-in never sends the password back in the page", { tag: "@http" }, async ({ request }) => {
    const member = await createMember();
    const response = await request.post("/account/login/", { form: { email: member.email, password: "a secret guess" } });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("The email address or password is not right.");
    expect(html).not.toContain("a secret guess");
  });

  test("too many attempts for one account are refused with a clear message", { tag: "@http" }, async ({ request }) => {
    const member = await createMember();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await request.post("/account/login/", { form: { email: member.email, password: "guess", website: "" }, maxRedirects: 0 });
      statuses.push(response.status());
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Even the right password waits now.
    const blocked = await request.post("/account/login/", { form: { email: member.email, password: member.password }, maxRedirects: 0 });
    expect(blocked.status()).toBe(429);
    expect(await blocked.text()).toContain("Too many attempts. Please wait");
  });

  test("a filled-in honeypot is refused", { tag: "@http" }, async ({ request }) => {
    const member = await createMember();
    const response = await request.post("/account/login/", { form: { email: member.email, password: member.password, website: "http://spam.example" }, maxRedirects: 0 });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("The form was not sent properly");
  });
});

test("logging out is a POST: a GET does not end the session", async ({ page, context }) => {
  const member = await createMember();
  await page.goto("/account/login/");
  await page.getByLabel("Email address").fill(member.email);
  await page.getByLabel("Password").fill(member.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await page.goto("/logout");
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: /^Hello/ })).toBeVisible();
  expect((await context.cookies()).some((c) => c.name === "pawroute_session")).toBe(true);
});

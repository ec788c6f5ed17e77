// Bad input on every account form: empty, too long, the wrong type, scripts, unicode, a replayed
// captcha, an expired link. Each gets the spec's message (or a clear one) with a 4xx status, never a
// 500, and nothing is half-written.
import type { APIRequestContext } from "@playwright/test";
import { createMember, database, expireLinks, memberByEmail, memberRow, sessionCookieValue, uniqueEmail, type TestMember } from "./support/accounts";
import { fallbackFrom } from "./support/captcha";
import { linkIn, waitForMail } from "./support/mail";
import { expect, test } from "./fixtures";

const LONG = "x".repeat(5_000);
const SCRIPT = "<script>alert('paw')</script>";

async function as(member: TestMember) {
  return { Cookie: `pawroute_session=${(await sessionCookieValue(member)).value}` };
}

async function post(request: APIRequestContext, path: string, form: Record<string, string>, headers?: Record<string, string>) {
  const response = await request.post(path, { form, headers, maxRedirects: 0 });
  return { status: response.status(), html: await response.text() };
}

function unescape(html: string) {
  return html.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
}

test("join: empty, too long, scripts and unicode get clear messages and create no account", { tag: "@http" }, async ({ request }) => {
  const cases: [Record<string, string>, string][] = [
    [{}, "Please enter your email address"],
    [{ email: LONG, password: "long enough 1", confirmPassword: "long enough 1" }, "Your email address can be at most 254 characters long"],
    [{ email: `${SCRIPT}@example.com`, password: "long enough 1", confirmPassword: "long enough 1" }, "Please enter a valid email address"],
    [{ email: "hündin@exämple.com", password: "long enough 1", confirmPassword: "long enough 1" }, "Please enter a valid email address"],
    [{ email: uniqueEmail("short"), password: "short", confirmPassword: "short" }, "Please choose a password of at least 8 characters"],
    [{ email: uniqueEmail("long"), password: LONG, confirmPassword: LONG }, "Please choose a password of at most 128 characters"],
    [{ email: uniqueEmail("repeat"), password: "long enough 1", confirmPassword: "" }, "You must repeat your new password"],
    [{ email: uniqueEmail("match"), password: "long enough 1", confirmPassword: "long enough 2" }, "Passwords don't match"],
  ];
  for (const [form, message] of cases) {
    const { status, html } = await post(request, "/join", form);
    expect(status, JSON.stringify(form).slice(0, 80)).toBe(422);
    expect(unescape(html)).toContain(message);
    expect(html).not.toContain(SCRIPT);
    if (form.email && form.email.length < 300) expect(await memberByEmail(form.email)).toBeNull();
  }
});

test("unicode passwords work: the same typed password always matches", { tag: "@http" }, async ({ request }) => {
  const email = uniqueEmail("unicode");
  const { status } = await post(request, "/join", { email, password: "Ünïcödé 🐕 pässwörd", confirmPassword: "Ünïcödé 🐕 pässwörd" });
  expect(status).toBe(200);
  const member = await memberByEmail(email);
  expect(member).not.toBeNull();
  const login = await request.post("/account/login/", { form: { email, password: "Ünïcödé 🐕 pässwörd" }, maxRedirects: 0 });
  expect(login.status()).toBe(302);
});

test("bodies that are not forms get 415, never 500", { tag: "@http" }, async ({ request }) => {
  const member = await createMember();
  for (const path of ["/join", "/account/login/", "/account/login/forgotten", "/account/login/reset", "/account/verify"]) {
    const json = await request.post(path, { data: { email: "a@b.example" }, maxRedirects: 0 });
    expect(json.status(), path).toBe(415);
  }
  const headers = await as(member);
  for (const path of ["/account/settings/email", "/account/settings/password", "/account/settings/address", "/account/settings/email-settings", "/account/set-username"]) {
    const json = await request.post(path, { data: { email: "a@b.example" }, headers, maxRedirects: 0 });
    expect(json.status(), path).toBe(415);
  }
});

test("a file where text belongs is refused with a message", { tag: "@http" }, async ({ request }) => {
  const member = await createMember();
  const response = await request.post("/account/set-username", {
    headers: await as(member),
    multipart: { username: { name: "name.txt", mimeType: "text/plain", buffer: Buffer.from("hello") } },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(422);
  expect(await response.text()).toContain("Please enter your desired username.");
  expect((await memberRow(member.id)).username).toBe(member.username);
});

test("set-username: the spec's four messages, a taken name, scripts and unicode", { tag: "@http" }, async ({ request }) => {
  const member = await createMember({ username: null });
  const other = await createMember();
  const headers = await as(member);
  const cases: [string, string, number][] = [
    ["", "Please enter your desired username.", 422],
    ["abc", "Please choose a username that is at least 5 characters long.", 422],
    ["a_very_long_username", "Please choose a username that is is no longer than 15 characters.", 422],
    ["bad name!", "Sorry - your username should only contain letters and numbers.", 422],
    [SCRIPT, "Sorry - your username should only contain letters and numbers.", 422],
    ["chïen_rôti", "Sorry - your username should only contain letters and numbers.", 422],
    [other.username?.toUpperCase() ?? "", "Sorry, that username is already taken. Please choose another one.", 409],
  ];
  for (const [username, message, expected] of cases) {
    const { status, html } = await post(request, "/account/set-username", { username }, headers);
    expect(status, username).toBe(expected);
    expect(unescape(html)).toContain(message);
    expect(html).not.toContain(SCRIPT);
  }
  expect((await memberRow(member.id)).username).toBeNull();
});

test("address: required fields, lengths, hidden and unknown countries", { tag: "@http" }, async ({ request }) => {
  const member = await createMember();
  const headers = await as(member);
  const good = { address1: "1 Lead Lane", town: "York", postcode: "YO1 7HH", country: "235" };
  const cases: [Record<string, string>, string][] = [
    [{}, "Please enter your address"],
    [{ ...good, town: "" }, "Please enter your town"],
    [{ ...good, postcode: "" }, "Please enter your postcode"],
    [{ ...good, country: "" }, "Please select your country"],
    [{ ...good, country: "251" }, "Please select your country"],
    [{ ...good, country: "999999" }, "Please select your country"],
    [{ ...good, country: "france" }, "Please select your country"],
    [{ ...good, address1: LONG }, "Your address can be at most 100 characters long"],
    [{ ...good, postcode: "<b>1</b>" }, "Please enter a postcode made of letters, numbers and spaces"],
  ];
  for (const [form, message] of cases) {
    const { status, html } = await post(request, "/account/settings/address", form, headers);
    expect(status, JSON.stringify(form).slice(0, 80)).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(unescape(html)).toContain(message);
  }
  const [none] = await database()<{ count: number }[]>`SELECT count(*)::int AS count FROM addresses WHERE user_id = ${member.id}`;
  expect(none.count).toBe(0);
  // A script in a free-text field is stored as text and shown escaped.
  const saved = await post(request, "/account/settings/address", { ...good, address2: SCRIPT }, headers);
  expect(saved.status).toBe(302);
  const page = await (await request.get("/account/settings/", { headers })).text();
  expect(page).not.toContain(SCRIPT);
  // Escaped as text: "<" is written "&lt;" (the renderer may leave ">" as it is, which is safe in text).
  expect(page).toMatch(/&lt;script(&gt;|>)alert/);
});

test("email settings: unknown lists and wrong types change nothing", { tag: "@http" }, async ({ request }) => {
  const member = await createMember();
  const headers = await as(member);
  for (const lists of ["999", "abc", "-1"]) {
    const { status, html } = await post(request, "/account/settings/email-settings", { lists }, headers);
    expect(status).toBe(422);
    expect(html).toContain("Please choose lists from the ones shown");
  }
  const [none] = await database()<{ count: number }[]>`SELECT count(*)::int AS count FROM mailing_list_subscriptions WHERE user_id = ${member.id}`;
  expect(none.count).toBe(0);
});

test("change password: the current password must be right, the new one repeated", { tag: "@http" }, async ({ request }) => {
  const member = await createMember();
  const headers = await as(member);
  const before = (await memberRow(member.id)).password_hash;
  const cases: [Record<string, string>, string, number][] = [
    [{ password: member.password, newPassword: "new password 1" }, "You must repeat your new password", 422],
    [{ password: member.password, newPassword: "new password 1", newPasswordRepeat: "new password 2" }, "Passwords don't match", 422],
    [{ newPassword: "new password 1", newPasswordRepeat: "new password 1" }, "Please enter your current password", 422],
    [{ password: "wrong", newPassword: "new password 1", newPasswordRepeat: "new password 1" }, "Your current password is not right", 400],
  ];
  for (const [form, message, expected] of cases) {
    const { status, html } = await post(request, "/account/settings/password", form, headers);
    expect(status, message).toBe(expected);
    expect(unescape(html)).toContain(message);
  }
  expect((await memberRow(member.id)).password_hash).toBe(before);
});

test("change email: same address, bad address, no captcha", { tag: "@http" }, async ({ request }) => {
  const member = await createMember();
  const headers = await as(member);
  const { token, answer } = await fallbackFrom(request, "/account/settings/email", headers);
  const same = await post(request, "/account/settings/email", { email: member.email, captchaToken: token, captchaAnswer: answer }, headers);
  expect(same.status).toBe(400);
  expect(same.html).toContain("That is already your email address.");
  const bad = await post(request, "/account/settings/email", { email: "nope" }, headers);
  expect(bad.status).toBe(422);
  const noCaptcha = await post(request, "/account/settings/email", { email: uniqueEmail("new") }, headers);
  expect(noCaptcha.status).toBe(400);
  expect(noCaptcha.html).toContain("Please confirm that you are not a robot.");
  const [tokens] = await database()<{ count: number }[]>`SELECT count(*)::int AS count FROM account_tokens WHERE user_id = ${member.id}`;
  expect(tokens.count).toBe(0);
});

test("mailed links: unknown, expired and used tokens say so", { tag: "@http" }, async ({ request }) => {
  const unknown = await post(request, "/account/verify", { token: "not-a-real-token" });
  expect(unknown.status).toBe(404);
  expect(unescape(unknown.html)).toContain("This link is not valid.");

  const email = uniqueEmail("expiring");
  await post(request, "/join", { email, password: "long enough 1", confirmPassword: "long enough 1" });
  const mail = await waitForMail(email, "Confirm your email address");
  const token = new URL(linkIn(mail, "/account/verify")).searchParams.get("token") ?? "";
  const member = await memberByEmail(email);
  if (!member) throw new Error("the account was not created");
  await expireLinks(member.id);
  const expired = await post(request, "/account/verify", { token });
  expect(expired.status).toBe(410);
  expect(expired.html).toContain("This link has expired. Please ask for a new one.");
  expect((await memberByEmail(email))?.email_verified).toBe(false);

  const page = await (await request.get(`/account/login/reset?token=${"z".repeat(300)}`)).text();
  expect(unescape(page)).toContain("This link is not valid.");
});

test("ending a session: malformed ids are refused", { tag: "@http" }, async ({ request }) => {
  const member = await createMember();
  const headers = await as(member);
  for (const sessionId of ["", "abc", SCRIPT, "z".repeat(64)]) {
    const { status, html } = await post(request, "/account/settings/sessions", { sessionId }, headers);
    expect(status).toBe(422);
    expect(html).toContain("That session could not be found");
  }
});

test("joining again and again with one address is refused after three tries, so nobody's inbox is flooded", { tag: "@http" }, async ({ request }) => {
  const email = uniqueEmail("flood");
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 4; attempt++) {
    statuses.push((await post(request, "/join", { email, password: "long enough 1", confirmPassword: "long enough 1" })).status);
  }
  expect(statuses).toEqual([200, 200, 200, 429]);
  const last = await post(request, "/join", { email, password: "long enough 1", confirmPassword: "long enough 1" });
  expect(last.html).toContain("Too many attempts. Please wait");
});

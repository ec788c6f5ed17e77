// Retried creations (issue 50, decision 0258), over HTTP only: a form's client key, posted twice (a
// retry after an answer that never arrived), makes one favourites list or one review, and the retry
// gets the first one's answer.
import { liveListing } from "./listing-support";
import { createMember, database, sessionCookieValue } from "./support/accounts";
import { fallbackFrom } from "./support/captcha";
import { expect, test } from "./fixtures";

function clientKeyIn(html: string): string {
  const key = /name="clientKey" value="([0-9a-f-]{36})"/.exec(html)?.[1];
  if (!key) throw new Error("no client key in the form");
  return key;
}

test("a new favourites list posted twice with its form's key is made once", async ({ request, baseURL }) => {
  const member = await createMember({ label: "retry-list" });
  const headers = { Cookie: `pawroute_session=${(await sessionCookieValue(member)).value}`, Origin: new URL(baseURL ?? "").origin };
  const key = clientKeyIn(await (await request.get("/account/favourites", { headers })).text());
  const form = { intent: "create", name: "Sent twice", clientKey: key };
  const first = await request.post("/account/favourites", { headers, form, maxRedirects: 0 });
  const retry = await request.post("/account/favourites", { headers, form, maxRedirects: 0 });
  expect([first.status(), retry.status()]).toEqual([302, 302]);
  const lists = await database()<{ name: string }[]>`SELECT name FROM favourite_lists WHERE user_id = ${member.id}`;
  expect(lists.map((list) => list.name)).toEqual(["Sent twice"]);
  // The page then offers a new key: the next list is a new one.
  expect(clientKeyIn(await (await request.get("/account/favourites", { headers })).text())).not.toBe(key);
});

test("a review posted twice with its form's key is saved once; the retry is answered like the first", async ({ request, baseURL }) => {
  const listing = await liveListing(31);
  const member = await createMember({ label: "retry-review" });
  const headers = { Cookie: `pawroute_session=${(await sessionCookieValue(member)).value}`, Origin: new URL(baseURL ?? "").origin };
  const page = `${listing.url}/review`;
  const key = clientKeyIn(await (await request.get(page, { headers })).text());
  const captcha = await fallbackFrom(request, page, headers);
  const form = { rating: "4", title: "Twice", content: "A long and shaded riverside loop with a water bowl at the pub at the end, and plenty of room for dogs off the lead.", clientKey: key, captchaToken: captcha.token, captchaAnswer: captcha.answer };
  const first = await request.post(page, { headers, multipart: form, maxRedirects: 0 });
  // The retry's captcha was spent by the first request: it is answered from the first review all the same.
  const retry = await request.post(page, { headers, multipart: form, maxRedirects: 0 });
  expect([first.status(), retry.status()]).toEqual([302, 302]);
  expect(retry.headers().location).toBe(first.headers().location);
  const [{ n }] = await database()<{ n: number }[]>`SELECT count(*)::int AS n FROM reviews WHERE user_id = ${member.id}`;
  expect(n).toBe(1);
});

test("a contact message posted twice with its form's key is stored and mailed once", async ({ request }) => {
  const page = await (await request.get("/contact")).text();
  const key = clientKeyIn(page);
  const captcha = await fallbackFrom(request, "/contact");
  const email = `retry-${key.slice(0, 8)}@example.com`;
  const form = { name: "Sam Retry", email, message: "Is the coast path at Whitby open to dogs?", clientKey: key, captchaToken: captcha.token, captchaAnswer: captcha.answer };
  const first = await request.post("/contact", { form, maxRedirects: 0 });
  const retry = await request.post("/contact", { form, maxRedirects: 0 });
  expect([first.status(), retry.status()]).toEqual([200, 200]);
  expect(await retry.text()).toContain("Thank you, your message has been sent");
  const [{ n }] = await database()<{ n: number }[]>`SELECT count(*)::int AS n FROM contact_messages WHERE email = ${email}`;
  expect(n).toBe(1);
});

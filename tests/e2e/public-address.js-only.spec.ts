// What the site says about its own address (issue 50, decision 0257), over HTTP only (js project once):
// cookies are Secure when PUBLIC_URL is https, the Origin check compares the scheme, JSON errors send
// X-Content-Type-Options once, robots.txt, trailing slashes redirected, absolute canonical links and
// the meta descriptions the pages lacked.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { createMember, database } from "./support/accounts";
import { expect, test } from "./fixtures";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** What the TLS-terminating proxy in front of https://pawroute.example adds (the server trusts it: TRUST_PROXY). */
const PROXY = { "X-Forwarded-Host": "pawroute.example", "X-Forwarded-Proto": "https" };

test.describe("behind https://pawroute.example (PUBLIC_URL), COOKIE_SECURE unset", () => {
  let child: ChildProcess | undefined;
  let base = "";
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: "https://pawroute.example",
      DATABASE_URL: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:55432/pawroute_test",
      SESSION_SECRET: process.env.SESSION_SECRET ?? "e2e-only-session-secret-0123456789abcdef",
      MAIL_CATCHER_PORT: "0",
      TRUST_PROXY: "true",
      // Mail from this server is never read: it must not take the e2e server's jobs.
      JOB_QUEUE_SCHEMA: "graphile_worker",
    };
    delete env.COOKIE_SECURE;
    delete env.APP_URL;
    child = spawn(process.execPath, ["build/entry/server.js"], { env, stdio: ["ignore", "ignore", "inherit"] });
    await expect.poll(async () => (await fetch(`${base}/healthz`).catch(() => null))?.status ?? 0, { timeout: 60_000, intervals: [250] }).toBe(200);
  });
  test.afterAll(() => {
    if (child && child.exitCode === null) child.kill("SIGKILL");
  });

  test("every cookie is Secure, and a form from the https site is accepted", async () => {
    const member = await createMember({ label: "secure-cookie" });
    const login = await fetch(`${base}/account/login/`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://pawroute.example", ...PROXY, "X-Forwarded-For": "198.51.100.201" },
      body: new URLSearchParams({ email: member.email, password: member.password }),
    });
    expect(login.status).toBe(302);
    const session = login.headers.getSetCookie().find((cookie) => cookie.startsWith("pawroute_session="));
    expect(session).toMatch(/; Secure/i);
    const tab = (await fetch(`${base}/?tab=location`)).headers.getSetCookie().find((cookie) => cookie.startsWith("homepage-tab="));
    expect(tab).toMatch(/; Secure/i);
    // The same host by plain http is another origin.
    const plain = await fetch(`${base}/account/login/`, { method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://pawroute.example", ...PROXY }, body: "email=a%40b.example&password=x" });
    expect(plain.status).toBe(403);
  });

  test("canonical links and robots.txt name the public address", async () => {
    const home = await (await fetch(`${base}/`)).text();
    expect(home).toContain('<link rel="canonical" href="https://pawroute.example/"/>');
    expect(await (await fetch(`${base}/robots.txt`)).text()).toContain("Sitemap: https://pawroute.example/sitemap.xml");
  });
});

test("the Origin check compares the scheme: https://host is not the http site", async ({ request, baseURL }) => {
  const site = new URL(baseURL ?? "");
  const form = { email: "nobody@pawroute.test", password: "not a password" };
  const other = await request.post("/account/login/", { form, headers: { Origin: `https://${site.host}` }, maxRedirects: 0 });
  expect(other.status()).toBe(403);
  expect(await other.text()).toBe("Forms from other sites are not accepted here.");
  const same = await request.post("/account/login/", { form, headers: { Origin: site.origin }, maxRedirects: 0 });
  expect(same.status()).not.toBe(403);
});

test("JSON errors send X-Content-Type-Options once", async ({ request }) => {
  for (const url of ["/api/geocode?location=%00", "/api/locations/search/browse?limit=abc", "/api/no-such-call"]) {
    const response = await request.get(url);
    expect(response.status(), url).toBeGreaterThanOrEqual(400);
    expect(response.status(), url).toBeLessThan(500);
    const sent = response.headersArray().filter((header) => header.name.toLowerCase() === "x-content-type-options");
    expect(sent.map((header) => header.value), url).toEqual(["nosniff"]);
  }
});

test("robots.txt keeps crawlers out of the account, admin, API and payment pages", async ({ request, baseURL }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/plain");
  const lines = (await response.text()).split("\n");
  for (const path of ["/account", "/admin", "/api", "/payment"]) expect(lines).toContain(`Disallow: ${path}`);
  expect(lines).toContain(`Sitemap: ${new URL(baseURL ?? "").origin}/sitemap.xml`);
});

test("a public page's address with a trailing slash is redirected (301) to the one without", async ({ request, baseURL }) => {
  const [post] = await database()<{ slug: string }[]>`SELECT slug FROM blog_posts WHERE status = 'published' ORDER BY id LIMIT 1`;
  for (const [asked, target] of [
    ["/bark-out/", "/bark-out"],
    ["/bark-out/?category=walks", "/bark-out?category=walks"],
    [`/bark-out/${post.slug}/`, `/bark-out/${post.slug}`],
    ["/contact/", "/contact"],
    ["//evil.example/", "/evil.example"],
  ]) {
    const response = await request.get(`${new URL(baseURL ?? "").origin}${asked}`, { maxRedirects: 0 });
    expect(response.status(), asked).toBe(301);
    expect(response.headers().location, asked).toBe(target);
  }
  expect((await request.get("/bark-out", { maxRedirects: 0 })).status()).toBe(200);
  // The account area's addresses are the spec's, slash included.
  expect((await request.get("/account/login/", { maxRedirects: 0 })).status()).toBe(200);
});

test("absolute canonical links on the homepage, results, the blog and its posts; descriptions where they were missing", async ({ request, baseURL }) => {
  const origin = new URL(baseURL ?? "").origin;
  const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  const descriptionOf = (html: string) => /<meta name="description" content="([^"]+)"/.exec(html)?.[1];
  const [post] = await database()<{ slug: string }[]>`SELECT slug FROM blog_posts WHERE status = 'published' ORDER BY id LIMIT 1`;
  const [listing] = await database()<{ walk_type: string; slug: string }[]>`SELECT walk_type, slug FROM listings WHERE status = 2 ORDER BY id LIMIT 1`;
  for (const [path, canonical] of [
    ["/", `${origin}/`],
    ["/pubs", `${origin}/pubs`],
    ["/browse/road/united-kingdom/m6", `${origin}/browse/road/united-kingdom/m6`],
    ["/bark-out", `${origin}/bark-out`],
    ["/bark-out?category=walks", `${origin}/bark-out?category=walks`],
    [`/bark-out/${post.slug}`, `${origin}/bark-out/${post.slug}`],
  ]) {
    const html = await (await request.get(path)).text();
    expect(canonicalOf(html), path).toBe(canonical);
  }
  for (const path of ["/bark-out/submit", "/newsletter", `/${listing.walk_type}/${listing.slug}/directions`, "/account/login/", "/account/login/forgotten"]) {
    const html = await (await request.get(path)).text();
    expect(descriptionOf(html)?.length ?? 0, path).toBeGreaterThan(30);
  }
});

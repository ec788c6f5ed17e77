import { createHash, randomBytes } from "node:crypto";
import { liveListing, ownListing, removeListings } from "./listing-support";
import { createMember, database, logInAs, memberByEmail, sessionCookieValue } from "./support/accounts";
import { expect, test } from "./fixtures";

// Issue 10, the account half: the account menu, your listings and your reviews with their statuses,
// favourites reached from the account, the header and the tooltip; verification links of other accounts.
// JavaScript on and off (the no-js project runs this file too).

const SUBMITTED = 1;
const DRAFT = 4;

async function review(
  userId: number,
  listingId: number,
  status: number,
  title: string
) {
  await database()`
    INSERT INTO reviews (listing_id, user_id, rating, title, content, status)
    VALUES (${listingId}, ${userId}, 4, ${title}, ${"A lovely long walk by the river with plenty of shade for the dogs, a café at the end and water bowls outside. ".repeat(
    2
  )}, ${status})`;
}

test("a member finds a submitted listing, a draft and a review under the account, with their statuses", async ({
  page,
  javaScriptEnabled,
}) => {
  const member = await createMember({ label: "own" });
  const other = await createMember({ label: "other" });
  const submitted = await ownListing(member.id, {
    status: SUBMITTED,
    title: `Submitted walk ${javaScriptEnabled ? "js" : "nojs"}`,
  });
  const draft = await ownListing(member.id, {
    status: DRAFT,
    title: `Draft walk ${javaScriptEnabled ? "js" : "nojs"}`,
  });
  const theirs = await ownListing(other.id, {
    status: SUBMITTED,
    title: "Someone else's walk",
  });
  const reviewed = await liveListing(3);
  await review(member.id, reviewed.id, 0, "Muddy but fun");
  try {
    await logInAs(page.context(), member);
    await page.goto("/account");
    const menu = page.getByRole("navigation", { name: "Your account" });
    for (const label of [
      "Overview",
      "Favourites",
      "Your listings",
      "Your reviews",
      "Settings",
    ])
      await expect(
        menu.getByRole("link", { name: label, exact: true })
      ).toBeVisible();
    await expect(menu.getByRole("link", { name: "Back office" })).toHaveCount(
      0
    );

    await menu.getByRole("link", { name: "Your listings" }).click();
    await expect(page).toHaveURL(/\/account\/listings$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Your listings"
    );
    const submittedItem = page.locator(".own-item", {
      has: page.getByRole("link", { name: submitted.title }),
    });
    await expect(submittedItem.locator(".status-tag")).toHaveText(
      "Awaiting moderation"
    );
    await expect(submittedItem.locator("time")).toHaveText(
      /^\d\d\/\d\d\/\d{4}$/
    );
    const draftItem = page.locator(".own-item", {
      has: page.getByRole("link", { name: draft.title }),
    });
    await expect(draftItem.locator(".status-tag")).toHaveText("Draft");
    await expect(page.getByText("Someone else's walk")).toHaveCount(0);

    await draftItem.getByRole("link", { name: /Continue the draft/ }).click();
    await expect(page).toHaveURL(new RegExp(`${draft.url}/edit$`));

    await page.goto("/account/favourites");
    await page
      .getByRole("navigation", { name: "Your account" })
      .getByRole("link", { name: "Your reviews" })
      .click();
    await expect(page).toHaveURL(/\/account\/reviews$/);
    const reviewItem = page.locator(".own-item", {
      has: page.getByRole("link", { name: reviewed.title }),
    });
    await expect(reviewItem.locator(".status-tag")).toHaveText(
      "Awaiting moderation"
    );
    await expect(reviewItem.getByText("Muddy but fun")).toBeVisible();
    await expect(reviewItem.getByText("4 out of 5 stars")).toBeVisible();

    // The page numbers are bounded: nonsense is page 1, never an error.
    expect(
      (await page.goto("/account/listings?page=99999999999999999999"))?.status()
    ).toBe(200);
  } finally {
    await database()`DELETE FROM reviews WHERE user_id = ${member.id}`;
    await removeListings([submitted.id, draft.id, theirs.id]);
  }
});

test("favourites are reached from the account menu and the header's account menu", async ({
  page,
}) => {
  const member = await createMember({ label: "menu" });
  await logInAs(page.context(), member);
  await page.goto("/account");
  await page
    .getByRole("navigation", { name: "Your account" })
    .getByRole("link", { name: "Favourites" })
    .click();
  await expect(page).toHaveURL(/\/account\/favourites$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Your favourites"
  );

  await page.goto("/");
  const header = page.locator(".site-header");
  await header.locator(".site-header__inner > .account-menu > summary").click();
  await header
    .locator(".site-header__inner > .account-menu")
    .getByRole("link", { name: "Favourites" })
    .click();
  await expect(page).toHaveURL(/\/account\/favourites$/);
});

test("an administrator's menus have the back office", { tag: "@same-without-js" }, async ({ page }) => {
  const admin = await createMember({ label: "admin-menu", admin: true });
  await logInAs(page.context(), admin);
  await page.goto("/account");
  await expect(
    page
      .getByRole("navigation", { name: "Your account" })
      .getByRole("link", { name: "Back office" })
  ).toHaveAttribute("href", "/account/admin");
});

test("the header's Log in comes back to the page the visitor was on", { tag: "@same-without-js" }, async ({
  page,
}) => {
  const listing = await liveListing(5);
  await page.goto(listing.url);
  await expect(
    page.locator(".main-nav").getByRole("link", { name: "Log in" })
  ).toHaveAttribute(
    "href",
    `/account/login/?redirectTo=${encodeURIComponent(listing.url)}`
  );
});

test.describe("missing lists", () => {
  test.use({ allowClientErrors: true });
  test("a deleted or someone else's list says 'Sorry, we couldn't find that list.'", { tag: "@same-without-js" }, async ({
    page,
  }) => {
    const member = await createMember({ label: "nolist" });
    await logInAs(page.context(), member);
    const response = await page.goto("/account/favourites/2147483000");
    expect(response?.status()).toBe(404);
    await expect(
      page.getByText("Sorry, we couldn't find that list.")
    ).toBeVisible();
  });
});

test.describe("verification links", () => {
  test.use({ allowClientErrors: true });

  test("someone else's verification link asks to log out first and never switches the session", async ({
    page,
  }) => {
    const me = await createMember({ label: "me" });
    const them = await createMember({ label: "them", verified: false });
    const token = randomBytes(32).toString("base64url");
    await database()`
      INSERT INTO account_tokens (user_id, purpose, token_hash, email, expires_at)
      VALUES (${them.id}, 'verify-email', ${createHash("sha256")
      .update(token)
      .digest("hex")}, ${them.email}, now() + interval '1 hour')`;
    const myOldSession = await logInAs(page.context(), me);
    await page.goto(`/account/verify?token=${token}`);
    await expect(
      page.getByText(
        "This link is for a different account from the one you are logged in to. Please log out first, then open the link again."
      )
    ).toBeVisible();
    await expect(
      page.getByRole("button", { name: "Confirm", exact: true })
    ).toHaveCount(0);

    // A forged post of the same link is refused too: still logged in as me, their address unverified.
    const refused = await page.request.post("/account/verify", {
      form: { token, redirectTo: "/account" },
      headers: { Origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(409);
    expect((await memberByEmail(them.email))?.email_verified).toBe(false);

    await page.getByRole("button", { name: "Log out and continue" }).click();
    // The page was at this address already: wait for what only the logged-out page shows.
    await expect(
      page.getByRole("button", { name: "Confirm", exact: true })
    ).toBeVisible();
    await expect(page).toHaveURL(
      new RegExp(`/account/verify\\?token=${token}$`)
    );
    const [old] =
      await database()`SELECT 1 FROM sessions WHERE id = ${myOldSession}`;
    expect(old).toBeUndefined();
    await page.getByRole("button", { name: "Confirm", exact: true }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(
      page.getByText("Thank you: your email address is confirmed.")
    ).toBeVisible();
    expect((await memberByEmail(them.email))?.email_verified).toBe(true);
  });
});

test("an unverified member's listing is held and sent for moderation on verification", async ({
  page,
}) => {
  const member = await createMember({ label: "held", verified: false });
  const listing = await ownListing(member.id, {
    status: DRAFT,
    title: "Held walk",
  });
  await database()`UPDATE listing_versions SET held_until_verified = true WHERE listing_id = ${listing.id}`;
  try {
    await logInAs(page.context(), member);
    await page.goto("/account/listings");
    const item = page.locator(".own-item", {
      has: page.getByRole("link", { name: "Held walk" }),
    });
    await expect(item.locator(".status-tag")).toHaveText(
      "Sent when you confirm your email"
    );

    const token = randomBytes(32).toString("base64url");
    await database()`
      INSERT INTO account_tokens (user_id, purpose, token_hash, email, expires_at)
      VALUES (${member.id}, 'verify-email', ${createHash("sha256")
      .update(token)
      .digest("hex")}, ${member.email}, now() + interval '1 hour')`;
    await page.goto(`/account/verify?token=${token}`);
    await page.getByRole("button", { name: "Confirm", exact: true }).click();
    await expect(page).toHaveURL(/\/account$/);
    await page.goto("/account/listings");
    await expect(item.locator(".status-tag")).toHaveText("Awaiting moderation");
    const [row] = await database()<
      { status: number }[]
    >`SELECT status FROM listings WHERE id = ${listing.id}`;
    expect(row.status).toBe(SUBMITTED);
  } finally {
    await removeListings([listing.id]);
  }
});

test.describe("ending a session that fails", () => {
  test.use({ allowClientErrors: true });
  test("shows the error in the session message area of the page the member is on", async ({ page, javaScriptEnabled }) => {
    const member = await createMember({ label: "end-fails" });
    await logInAs(page.context(), member);
    const other = await sessionCookieValue(member, "Mozilla/5.0 (Windows NT 10.0) Firefox/128.0");
    await page.goto("/account/settings/");
    if (javaScriptEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    // Ended elsewhere in the meantime: the button now names a session that no longer exists.
    await database()`DELETE FROM sessions WHERE id = ${other.sessionId}`;
    await page.locator(".session", { hasText: "Firefox on Windows" }).getByRole("button", { name: "End this session" }).click();
    const message = page.locator(".session-message").getByRole("alert");
    await expect(message).toHaveText("That session could not be found: it may have ended already.");
    // With JavaScript the member stays on the settings page; without it the sessions page shows the same area.
    await expect(page).toHaveURL(javaScriptEnabled ? /\/account\/settings\/$/ : /\/account\/settings\/sessions$/);
  });
});

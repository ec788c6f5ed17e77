import { liveListing } from "./listing-support";
import { createMember, database, logInAs } from "./support/accounts";
import { expect, test } from "./fixtures";
import { favouriteTogglesReady } from "./support/hydration";

// Favourites with JavaScript on and off: the toggle, the list editor, and the account's lists.

test("a visitor gets the members-only tooltip with log-in and join links", async ({ page }) => {
  const listing = await liveListing(20);
  await page.goto(listing.url);
  await page.getByText("Save to favourites").click();
  await expect(page.getByText("Favourites are for members.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Log in" }).last()).toHaveAttribute("href", `/account/login/?redirectTo=${encodeURIComponent(listing.url)}`);
  await expect(page.getByRole("link", { name: "join for free" })).toBeVisible();
});

test.describe("a member's favourites", () => {
  test.use({ allowClientErrors: true });
  test("a member favourites, adds to a new list, unsaves, renames and deletes a list", async ({ page, javaScriptEnabled }) => {
    const listing = await liveListing(javaScriptEnabled ? 21 : 22);
    const member = await createMember({ label: "favourites" });
    await logInAs(page.context(), member);
    await page.goto(listing.url);
    if (javaScriptEnabled) await favouriteTogglesReady(page);

    // Not favourite → added to the default list (a tooltip with JavaScript, a notice without).
    await page.getByRole("button", { name: "Save to favourites" }).click();
    await expect(page.getByText(javaScriptEnabled ? "Saved to My favourites" : "Saved to your favourites.")).toBeVisible();
    if (javaScriptEnabled) {
      await page.reload();
      await favouriteTogglesReady(page);
    }
    // Already favourite → the list editor.
    await page.getByRole("link", { name: "Saved to favourites" }).click();
    const editor = javaScriptEnabled ? page.getByRole("dialog", { name: `Your lists for ${listing.title}` }) : page.locator("main");
    await expect(editor.getByRole("button", { name: "Saved: My favourites" })).toBeVisible();

    await editor.getByRole("button", { name: "Add to a new list" }).click();
    await expect(editor.getByText("You must enter a name for your new list.")).toBeVisible();
    await editor.getByLabel("New list").fill("Weekend <b>walks</b>");
    await editor.getByRole("button", { name: "Add to a new list" }).click();
    await expect(editor.getByRole("button", { name: "Saved: Weekend <b>walks</b>" })).toBeVisible();
    await editor.getByRole("button", { name: "Saved: My favourites" }).click();
    await expect(editor.getByRole("button", { name: "Add to list: My favourites" })).toBeVisible();

    await page.goto("/account/favourites");
    await expect(page.getByRole("link", { name: "My favourites", exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Weekend <b>walks</b>", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Weekend <b>walks</b>");
    await expect(page.locator(".result-card")).toHaveCount(1);
    await page.getByRole("link", { name: "Edit list" }).click();
    const edit = javaScriptEnabled ? page.getByRole("dialog") : page.locator("main");
    await edit.getByLabel("Name").fill("Rainy day walks");
    await edit.getByLabel("Description").fill("Short and sheltered");
    await edit.getByRole("button", { name: "Save list" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rainy day walks");
    await expect(page.getByText("Short and sheltered")).toBeVisible();

    const [list] = await database()<{ id: number }[]>`SELECT id FROM favourite_lists WHERE user_id = ${member.id} AND name = 'Rainy day walks'`;
    await page.goto(`/profile/${member.username}/favourites/${list.id}`);
    await expect(page.getByRole("heading", { name: "Rainy day walks" })).toBeVisible();
    await expect(page.locator(".result-card")).toHaveCount(1);

    await page.goto("/account/favourites/all");
    await expect(page.locator(".result-card")).toHaveCount(1);

    await page.goto(`/account/favourites/${list.id}?edit=1`);
    await page.getByRole("button", { name: "Delete this list" }).click();
    await expect(page).toHaveURL("/account/favourites");
    await expect(page.getByText("Your list Rainy day walks has been deleted.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Rainy day walks", exact: true })).toHaveCount(0);
  });
});

test.describe("another member's list", () => {
  test.use({ allowClientErrors: true });
  test("cannot be seen, changed or deleted", async ({ page, request, baseURL }) => {
    const owner = await createMember();
    const [list] = await database()<{ id: number }[]>`INSERT INTO favourite_lists (user_id, name) VALUES (${owner.id}, 'Owner only') RETURNING id`;
    await logInAs(page.context(), await createMember());
    const response = await page.goto(`/account/favourites/${list.id}`);
    expect(response?.status()).toBe(404);
    const cookies = await page.context().cookies();
    const headers = { Cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; "), Origin: new URL(baseURL ?? "").origin };
    const renamed = await request.post(`/account/favourites/${list.id}`, { form: { intent: "update", name: "Stolen", description: "" }, headers, maxRedirects: 0 });
    expect(renamed.status()).toBe(404);
    const deleted = await request.post(`/account/favourites/${list.id}`, { form: { intent: "delete" }, headers, maxRedirects: 0 });
    expect(deleted.status()).toBe(404);
    const [still] = await database()<{ name: string }[]>`SELECT name FROM favourite_lists WHERE id = ${list.id}`;
    expect(still.name).toBe("Owner only");
  });
});

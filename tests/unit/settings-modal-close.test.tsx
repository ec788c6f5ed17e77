// @vitest-environment jsdom
// A settings modal (the checklist's "Follow us", the settings page's forms) closes when its form's
// redirect brings the page back. Remix revalidates the modal's loader fetcher in that same update, so a
// modal that closed in an effect, after the render, showed the new data (the "done" state: "Thank you
// for following Pawroute!") beside the page's own notice for a moment. It must close in the render that
// shows the new page. Every request here answers at once, so React merges the updates into one render.
import { redirect, useLocation } from "react-router-dom";
import { afterEach, beforeAll, expect, it } from "vitest";
import { SettingsModalLink } from "../../app/components/forms/SettingsModalLink";
import { mountRoutes, polyfillDialog, turns, until, type Mounted } from "./support/router-dom";

let mounted: Mounted | undefined;
beforeAll(polyfillDialog);
afterEach(() => mounted?.unmount());

/** What the modal's content saw on each render: the page's location key and the loaded state. */
const seen: { key: string; done: boolean }[] = [];

function Content({ done }: { done: boolean }) {
  const { key } = useLocation();
  seen.push({ key, done });
  return done ? <p role="status">Thank you for following Pawroute!</p> : <button type="submit">I&apos;ve followed Pawroute</button>;
}

it("closes in the render that shows the page the form's redirect leads to, never showing the new data", async () => {
  let followed = false;
  mounted = mountRoutes(
    [
      {
        id: "account",
        path: "/account",
        Component: () => (
          <SettingsModalLink<() => { done: boolean }>
            href="/account/social-media"
            title="Follow Pawroute"
            label="Follow us"
            render={(data, fetcher) => (
              <fetcher.Form method="post" action="/account/social-media">
                <Content done={data.done} />
              </fetcher.Form>
            )}
          />
        ),
      },
      {
        id: "social-media",
        path: "/account/social-media",
        loader: () => ({ done: followed }),
        action: () => {
          followed = true;
          return redirect("/account?followed=1");
        },
      },
    ],
    "/account",
  );
  const { container, router } = mounted;
  const dialog = () => container.querySelector("dialog")!;

  const link = await until(() => container.querySelector<HTMLAnchorElement>("a[href='/account/social-media']"), "the Follow us link");
  await turns(5);
  link.click();
  const button = await until(() => dialog().querySelector<HTMLButtonElement>("button[type=submit]"), "the modal's button");
  const openedOn = router.state.location.key;
  button.click();

  await until(() => router.state.location.search === "?followed=1" && router.state.navigation.state === "idle", "the redirect back");
  await turns(10);
  expect(followed).toBe(true);
  expect(dialog().querySelector(".modal__body")?.textContent).toBe("");
  expect(seen.length).toBeGreaterThan(0);
  // The content only ever rendered on the page the modal was opened on, and never in its "done" state.
  expect(seen.filter((render) => render.key !== openedOn)).toEqual([]);
  expect(seen.some((render) => render.done)).toBe(false);
});

// @vitest-environment jsdom
// A remix-validated-form submission must end when its request ends, even when React never commits a
// render in which the request was running. Remix's browser router sends its state to React in
// transitions (v7_startTransition), and React may merge "submitting" and "idle" into one render: an
// answer that arrives before React renders, as on a busy machine. remix-validated-form 5.1.7 ended a
// submission only after it had seen the "submitting" state, so the button stayed "Sending your gift…"
// and disabled for good (flaky e2e "gifting a Treat by email"; patches/remix-validated-form+*.patch,
// decision 0194). Here the actions answer at once, so the states always fall in one render.
import { useFetcher } from "@remix-run/react";
import { afterEach, describe, expect, it } from "vitest";
import { PasswordForm } from "../../app/components/forms/account/PasswordForm";
import { GiftForm } from "../../app/components/treats/GiftForm";
import { mountRoutes, turns, type, until, type Mounted } from "./support/router-dom";

const SELF_GIFT = "You cannot gift a Treat to yourself.";

let mounted: Mounted | undefined;
afterEach(() => mounted?.unmount());

describe("a validated form whose request ends before React renders it", () => {
  it("a fetcher form (the gift dialog) ends its submission and can be sent again", async () => {
    let posts = 0;
    function Dialog() {
      const fetcher = useFetcher();
      return <GiftForm data={{ hexId: "ab12", name: "A bag of treats" }} fetcher={fetcher} />;
    }
    mounted = mountRoutes(
      [
        { id: "page", path: "/account/treats", Component: Dialog },
        {
          id: "gift",
          path: "/account/treats/:hexId/gift",
          action: () => {
            posts += 1;
            return { message: SELF_GIFT };
          },
        },
      ],
      "/account/treats",
    );
    const { container } = mounted;
    const button = () => container.querySelector<HTMLButtonElement>("button[type=submit]")!;

    type(await until(() => container.querySelector<HTMLInputElement>("input[name=recipient]"), "the recipient field"), "me@example.com");
    button().click();
    await until(() => container.querySelector("[role=alert]")?.textContent === SELF_GIFT, "the server's message");
    await turns(10);
    expect(posts).toBe(1);
    expect(button().textContent).toBe("Gift this Treat");
    expect(button().disabled).toBe(false);

    // And the member can correct the address and send the form again.
    button().click();
    await until(() => posts === 2, "the second post");
    await turns(10);
    expect(button().disabled).toBe(false);
  });

  it("a page form (a password change) ends its submission when the answer is an error on the page", async () => {
    let posts = 0;
    mounted = mountRoutes(
      [
        {
          id: "password",
          path: "/account/settings/password",
          Component: () => <PasswordForm data={{ hasPassword: false }} />,
          action: () => {
            posts += 1;
            return { message: "Too many attempts. Please try again in a few minutes." };
          },
        },
      ],
      "/account/settings/password",
    );
    const { container } = mounted;
    const button = () => container.querySelector<HTMLButtonElement>("button[type=submit]")!;

    for (const name of ["newPassword", "newPasswordRepeat"]) {
      type(await until(() => container.querySelector<HTMLInputElement>(`input[name=${name}]`), name), "a long new password");
    }
    button().click();
    await until(() => container.querySelector("[role=alert]") !== null, "the server's message");
    await turns(10);
    expect(posts).toBe(1);
    expect(button().textContent).toBe("Change password");
    expect(button().disabled).toBe(false);
  });
});

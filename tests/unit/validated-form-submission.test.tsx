// @vitest-environment jsdom
// A remix-validated-form submission must end when its request ends, even when React never commits a
// render in which the request was running. Remix's browser router sends its state to React in
// transitions (v7_startTransition), and React may merge "submitting" and "idle" into one render: an
// answer that arrives before React renders, as on a busy machine. remix-validated-form 5.1.7 ended a
// submission only after it had seen the "submitting" state, so the button stayed "Sending your gift…"
// and disabled for good (flaky e2e "gifting a Treat by email"; patches/remix-validated-form+*.patch).
// Here the action answers at once, so the two states always fall in one render.
import { UNSAFE_RemixContext, useFetcher } from "@remix-run/react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PasswordForm } from "../../app/components/forms/account/PasswordForm";
import { GiftForm } from "../../app/components/treats/GiftForm";

const SELF_GIFT = "You cannot gift a Treat to yourself.";

// What Remix's browser entry gives the router's React tree (RemixBrowser: transitions on).
const remixContext = {
  future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_lazyRouteDiscovery: true, v3_singleFetch: true },
  manifest: { routes: {}, entry: { imports: [], module: "" }, url: "", version: "" },
  routeModules: {},
  isSpaMode: false,
} as unknown as React.ContextType<typeof UNSAFE_RemixContext>;

// React renders on its own schedule, as in a browser, not inside act(), which would flush renders itself.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  root.unmount();
  container.remove();
});

function mount(router: ReturnType<typeof createMemoryRouter>) {
  root.render(
    <UNSAFE_RemixContext.Provider value={remixContext}>
      <RouterProvider router={router} future={{ v7_startTransition: true }} />
    </UNSAFE_RemixContext.Provider>,
  );
}

const turns = async (count: number) => {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setTimeout(resolve, 5));
};

async function until<T>(read: () => T | null | undefined, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = read();
    if (value) return value;
    await turns(1);
  }
  throw new Error(`Timed out waiting for ${what}`);
}

function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
  setter.call(input, value);
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.dispatchEvent(new Event("change", { bubbles: true }));
}

const button = () => container.querySelector<HTMLButtonElement>("button[type=submit]")!;

describe("a validated form whose request ends before React renders it", () => {
  it("a fetcher form (the gift dialog) ends its submission and can be sent again", async () => {
    let posts = 0;
    function Dialog() {
      const fetcher = useFetcher();
      return <GiftForm data={{ hexId: "ab12", name: "A bag of treats" }} fetcher={fetcher} />;
    }
    const router = createMemoryRouter(
      [
        { id: "page", path: "/account/treats", Component: Dialog },
        {
          id: "gift",
          path: "/account/treats/:hexId/gift",
          action: () => {
            posts += 1;
            return { formError: SELF_GIFT };
          },
        },
      ],
      { initialEntries: ["/account/treats"] },
    );
    mount(router);

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
    const router = createMemoryRouter(
      [
        {
          id: "password",
          path: "/account/settings/password",
          Component: () => <PasswordForm data={{ hasPassword: false }} />,
          action: () => {
            posts += 1;
            return { formError: "Too many attempts. Please try again in a few minutes." };
          },
        },
      ],
      { initialEntries: ["/account/settings/password"] },
    );
    mount(router);

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

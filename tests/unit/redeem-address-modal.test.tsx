// @vitest-environment jsdom
// Redeeming a posted gift without an address (spec: Treats): the address form opens in a dialog; saving it
// comes back to the Treat with ?retry=<hex>, the dialog closes and the redeem is sent again. The dialog must
// close even when React never renders the address form's request running: Remix's router state reaches
// React in transitions, and a quick answer merges "submitting", "loading" and "idle" into one render
// (decision 0194). Here every request answers at once, so it always does.
import { redirect } from "react-router-dom";
import { afterEach, beforeAll, expect, it } from "vitest";
import type { AddressData } from "../../app/components/forms/account/AddressForm";
import { RedeemControl } from "../../app/components/treats/RedeemControl";
import { ADDRESS_REQUIRED, TREAT_MESSAGES } from "../../app/treats/types";
import { mountRoutes, polyfillDialog, turns, type, until, type Mounted } from "./support/router-dom";

const HEX = "ab12";
const ADDRESS: AddressData = {
  address: null,
  countries: [{ id: 1, name: "United Kingdom" }],
  defaultCountryId: 1,
  reason: "redeem",
  reasonText: "We need your address to send this Treat.",
  redirectTo: `/account/treats/${HEX}?retry=${HEX}`,
};

let mounted: Mounted | undefined;
/** What the redeem action answers a gift that needs an address first (with JavaScript): the one error body with its code. */
const ADDRESS_FIRST = { message: TREAT_MESSAGES.addressAbandoned, code: ADDRESS_REQUIRED, requestId: "unit" };

beforeAll(polyfillDialog);
afterEach(() => mounted?.unmount());

it("saving the address closes the dialog without calling it abandoned, and redeems again", async () => {
  const redeems: number[] = [];
  let addressesSaved = 0;
  mounted = mountRoutes(
    [
      { id: "treat", path: "/account/treats/:hex", Component: () => <RedeemControl hexId={HEX} name="A dog bed" disabled={false} /> },
      {
        id: "redeem",
        path: "/account/treats/:hex/redeem",
        action: () => {
          redeems.push(Date.now());
          return redeems.length === 1 ? ADDRESS_FIRST : { message: "Redeemed" };
        },
      },
      {
        id: "address",
        path: "/account/settings/address",
        loader: () => ADDRESS,
        action: () => {
          addressesSaved += 1;
          return redirect(`/account/treats/${HEX}?retry=${HEX}`);
        },
      },
    ],
    `/account/treats/${HEX}`,
  );
  const { container } = mounted;
  const dialog = () => container.querySelector("dialog")!;

  (await until(() => container.querySelector<HTMLButtonElement>("form.treat-redeem button[type=submit]"), "the Redeem button")).click();
  await until(() => dialog().hasAttribute("open") && dialog().querySelector("input[name=address1]"), "the address form in the dialog");
  for (const [name, value] of [["address1", "1 Lake Road"], ["town", "Keswick"], ["postcode", "CA12 5AA"]]) {
    type(dialog().querySelector<HTMLInputElement>(`input[name=${name}]`)!, value);
  }
  dialog().querySelector<HTMLButtonElement>("button[type=submit]")!.click();
  await until(() => addressesSaved === 1, "the address to be saved");
  await until(() => redeems.length === 2, "the redeem to be sent again");
  await turns(10);

  expect(dialog().hasAttribute("open")).toBe(false);
  expect(container.textContent).not.toContain(TREAT_MESSAGES.addressAbandoned);
  expect(mounted.router.state.location.search).toBe("");
});

it("closing the dialog without saving says why the Treat was not redeemed", async () => {
  mounted = mountRoutes(
    [
      { id: "treat", path: "/account/treats/:hex", Component: () => <RedeemControl hexId={HEX} name="A dog bed" disabled={false} /> },
      { id: "redeem", path: "/account/treats/:hex/redeem", action: () => (ADDRESS_FIRST) },
      { id: "address", path: "/account/settings/address", loader: () => ADDRESS },
    ],
    `/account/treats/${HEX}`,
  );
  const { container } = mounted;
  const dialog = () => container.querySelector("dialog")!;
  (await until(() => container.querySelector<HTMLButtonElement>("form.treat-redeem button[type=submit]"), "the Redeem button")).click();
  await until(() => dialog().querySelector("input[name=address1]"), "the address form in the dialog");
  dialog().querySelector<HTMLButtonElement>(".modal__close")!.click();
  await until(() => container.textContent?.includes(TREAT_MESSAGES.addressAbandoned), "the abandoned message");
  expect(dialog().hasAttribute("open")).toBe(false);
});

import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ADDRESS_REASONS, currentAddress, DEFAULT_COUNTRY_ID, saveAddress, selectableCountries, SUCCESS } from "../../../auth/account.server";
import { safeRedirect } from "../../../auth/redirect";
import { backToSettings, settingsAction, settingsLoader, SETTINGS_PATH } from "../../../auth/settings.server";
import { addressValidator } from "../../../auth/validators";
import { AddressForm } from "../../../components/forms/account/AddressForm";
import { SettingsPage } from "../../../components/forms/account/SettingsPage";

export const meta: MetaFunction = () => [{ title: "Change address — Pawroute" }];

/** Also loaded into a modal (optionally with ?reason=, e.g. before redeeming a Treat). */
export const loader = settingsLoader(async (user, request) => {
  const params = new URL(request.url).searchParams;
  const reason = params.get("reason");
  const known = reason !== null && Object.hasOwn(ADDRESS_REASONS, reason) ? reason : null;
  const redirectTo = params.get("redirectTo");
  const [address, countries] = await Promise.all([currentAddress(user.id), selectableCountries()]);
  return {
    address,
    countries,
    defaultCountryId: DEFAULT_COUNTRY_ID,
    reason: known,
    reasonText: known ? ADDRESS_REASONS[known] : null,
    redirectTo: redirectTo ? safeRedirect(redirectTo, SETTINGS_PATH) : null,
  };
});

export const action = settingsAction(addressValidator, async (user, address) => {
  await saveAddress(user, address);
  return backToSettings(SUCCESS.address, safeRedirect(address.redirectTo, SETTINGS_PATH));
});

export default function ChangeAddress() {
  const loaderData = useLoaderData<typeof loader>();
  return (
    <SettingsPage title={loaderData.address ? "Change address" : "Add your address"}>
      <AddressForm data={loaderData} />
    </SettingsPage>
  );
}

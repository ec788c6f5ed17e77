import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ADDRESS_REASONS, currentAddress, DEFAULT_COUNTRY_ID, saveAddress, selectableCountries, SUCCESS } from "../../../auth/account.server";
import { flashHeader } from "../../../auth/flash.server";
import { formAction, validateForm } from "../../../auth/forms.server";
import { requireMember } from "../../../auth/guards.server";
import { safeRedirect } from "../../../auth/redirect";
import { addressValidator } from "../../../auth/validators";
import { AddressForm } from "../../../components/forms/account/AddressForm";

export const meta: MetaFunction = () => [{ title: "Change address — Pawroute" }];

/** Also loaded into a modal (optionally with ?reason=, e.g. before redeeming a Treat). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireMember(request);
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
    redirectTo: redirectTo ? safeRedirect(redirectTo, "/account/settings/") : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireMember(request);
  return formAction(request, async (form) => {
    const valid = await validateForm(addressValidator, form);
    if (!valid.ok) return valid.response;
    await saveAddress(user, valid.data);
    return redirect(safeRedirect(valid.data.redirectTo, "/account/settings/"), { headers: { "Set-Cookie": await flashHeader(SUCCESS.address) } });
  });
}

export default function ChangeAddress() {
  const loaderData = useLoaderData<typeof loader>();
  return (
    <div className="container account-page">
      <p className="eyebrow">
        <Link to="/account/settings/">Account settings</Link>
      </p>
      <h1>{loaderData.address ? "Change address" : "Add your address"}</h1>
      <div className="form-panel">
        <AddressForm data={loaderData} />
      </div>
    </div>
  );
}

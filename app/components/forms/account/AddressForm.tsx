import { useActionData, type FetcherWithComponents } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { addressValidator } from "../../../auth/validators";
import { SelectField, TextField } from "../Field";
import { FormAlert, formErrorOf, SubmitButton } from "../FormParts";

export interface AddressData {
  address: { address1: string; address2: string; town: string; county: string; postcode: string; country: { id: number } } | null;
  countries: { id: number; name: string }[];
  defaultCountryId: number;
  reason: string | null;
  reasonText: string | null;
  redirectTo: string | null;
}

export function AddressForm({ data, fetcher }: { data: AddressData; fetcher?: FetcherWithComponents<unknown> }) {
  const actionData: unknown = useActionData();
  const result = fetcher ? fetcher.data : actionData;
  const { address } = data;
  const defaults = {
    address1: address?.address1 ?? "",
    address2: address?.address2 ?? "",
    town: address?.town ?? "",
    county: address?.county ?? "",
    postcode: address?.postcode ?? "",
    country: address?.country.id ?? data.defaultCountryId,
  };
  return (
    <ValidatedForm validator={addressValidator} method="post" action="/account/settings/address" id="address" fetcher={fetcher} defaultValues={defaults} noValidate className="form-stack">
      <FormAlert message={formErrorOf(result)} />
      {data.reasonText ? <p className="form-lead form-lead--reason">{data.reasonText}</p> : null}
      {data.reason ? <input type="hidden" name="reason" value={data.reason} /> : null}
      {data.redirectTo ? <input type="hidden" name="redirectTo" value={data.redirectTo} /> : null}
      <TextField formId="address" name="address1" label="Address" autoComplete="address-line1" />
      <TextField formId="address" name="address2" label="Address line 2" autoComplete="address-line2" optional />
      <div className="form-row">
        <TextField formId="address" name="town" label="Town or city" autoComplete="address-level2" />
        <TextField formId="address" name="county" label="County" autoComplete="address-level1" optional />
      </div>
      <div className="form-row">
        <TextField formId="address" name="postcode" label="Postcode" autoComplete="postal-code" />
        <SelectField formId="address" name="country" label="Country" autoComplete="country-name" options={data.countries.map((country) => ({ value: String(country.id), label: country.name }))} />
      </div>
      <div className="form-actions">
        <SubmitButton pending="Saving…">
          Save address
        </SubmitButton>
      </div>
    </ValidatedForm>
  );
}

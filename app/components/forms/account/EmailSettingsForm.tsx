import { useActionData, type FetcherWithComponents } from "@remix-run/react";
import { ValidatedForm, useField } from "remix-validated-form";
import { emailSettingsValidator } from "../../../auth/validators";
import { FormAlert, formErrorOf, SubmitButton } from "../FormParts";

export interface EmailSettingsData {
  lists: { id: number; name: string; description: string; subscribed: boolean }[];
}

export function EmailSettingsForm({ data, fetcher }: { data: EmailSettingsData; fetcher?: FetcherWithComponents<unknown> }) {
  const actionData: unknown = useActionData();
  const result = fetcher ? fetcher.data : actionData;
  return (
    <ValidatedForm validator={emailSettingsValidator} method="post" action="/account/settings/email-settings" id="email-settings" fetcher={fetcher} noValidate className="form-stack">
      <FormAlert message={formErrorOf(result)} />
      <ListChoices lists={data.lists} />
      <div className="form-actions">
        <SubmitButton pending="Saving…">
          Save email settings
        </SubmitButton>
      </div>
    </ValidatedForm>
  );
}

function ListChoices({ lists }: EmailSettingsData) {
  const { error } = useField("lists");
  return (
    <fieldset className="choice-list">
      <legend className="field__label">Send me</legend>
      {lists.map((list) => (
        <label key={list.id} className="choice">
          <input type="checkbox" name="lists" value={list.id} defaultChecked={list.subscribed} />
          <span>
            <span className="choice__name">{list.name}</span>
            <span className="choice__description">{list.description}</span>
          </span>
        </label>
      ))}
      {error ? <p className="field__error">{error}</p> : null}
    </fieldset>
  );
}

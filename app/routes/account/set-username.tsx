import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { setUsername, SUCCESS } from "../../auth/account.server";
import { readFlash, redirectWithFlash } from "../../auth/flash.server";
import { validatedAction } from "../../auth/forms.server";
import { requireMember } from "../../auth/guards.server";
import { safeRedirect } from "../../auth/redirect";
import { setUsernameValidator } from "../../auth/validators";
import { TextField } from "../../components/forms/Field";
import { FormAlert, formErrorOf, Notice, SubmitButton } from "../../components/forms/FormParts";

export const meta: MetaFunction = () => [{ title: "Choose a username — Pawroute" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  const flash = await readFlash(request);
  return data(
    { username: user.username, redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/account"), flash: flash.message },
    { headers: flash.headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireMember(request);
  return validatedAction(request, setUsernameValidator, async ({ username, redirectTo }) => {
    await setUsername(user, username);
    return redirectWithFlash(safeRedirect(redirectTo, "/account"), SUCCESS.username);
  });
}

export default function SetUsername() {
  const { username, redirectTo, flash } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="container account-page">
      <h1>{username ? "Change your username" : "Choose a username"}</h1>
      <Notice message={flash} />
      <p className="form-lead">Your username is shown with your reviews, on the leaderboard and on your profile page.</p>
      <ValidatedForm validator={setUsernameValidator} method="post" id="set-username" defaultValues={{ username: username ?? "" }} noValidate className="form-stack form-stack--narrow">
        <FormAlert message={formErrorOf(actionData)} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField formId="set-username" name="username" label="Username" autoComplete="username" hint="5 to 15 letters, numbers, dots, dashes or underscores." maxLength={40} />
        <div className="form-actions">
          <SubmitButton pending="Saving…">
            Save username
          </SubmitButton>
        </div>
      </ValidatedForm>
    </div>
  );
}

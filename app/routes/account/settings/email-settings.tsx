import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { emailSettings, saveEmailSettings, SUCCESS } from "../../../auth/account.server";
import { flashHeader } from "../../../auth/flash.server";
import { formAction, validateForm } from "../../../auth/forms.server";
import { requireMember } from "../../../auth/guards.server";
import { emailSettingsValidator } from "../../../auth/validators";
import { EmailSettingsForm } from "../../../components/forms/account/EmailSettingsForm";

export const meta: MetaFunction = () => [{ title: "Email settings — Pawroute" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  return { lists: await emailSettings(user.id) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireMember(request);
  return formAction(request, async (form) => {
    const valid = await validateForm(emailSettingsValidator, form);
    if (!valid.ok) return valid.response;
    await saveEmailSettings(user, valid.data.lists);
    return redirect("/account/settings/", { headers: { "Set-Cookie": await flashHeader(SUCCESS.emailSettings) } });
  });
}

export default function EmailSettings() {
  const loaderData = useLoaderData<typeof loader>();
  return (
    <div className="container account-page">
      <p className="eyebrow">
        <Link to="/account/settings/">Account settings</Link>
      </p>
      <h1>Email settings</h1>
      <div className="form-panel">
        <EmailSettingsForm data={loaderData} />
      </div>
    </div>
  );
}

import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { changePassword, SUCCESS } from "../../../auth/account.server";
import { flashHeader } from "../../../auth/flash.server";
import { formAction, validateForm } from "../../../auth/forms.server";
import { requireMember } from "../../../auth/guards.server";
import { changePasswordValidator } from "../../../auth/validators";
import { PasswordForm } from "../../../components/forms/account/PasswordForm";

export const meta: MetaFunction = () => [{ title: "Change password — Pawroute" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  return { hasPassword: user.hasPassword };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireMember(request);
  return formAction(request, async (form) => {
    const valid = await validateForm(changePasswordValidator, form);
    if (!valid.ok) return valid.response;
    await changePassword(user, valid.data);
    return redirect("/account/settings/", { headers: { "Set-Cookie": await flashHeader(SUCCESS.password) } });
  });
}

export default function ChangePassword() {
  const loaderData = useLoaderData<typeof loader>();
  return (
    <div className="container account-page">
      <p className="eyebrow">
        <Link to="/account/settings/">Account settings</Link>
      </p>
      <h1>{loaderData.hasPassword ? "Change password" : "Set a password"}</h1>
      <div className="form-panel">
        <PasswordForm data={loaderData} />
      </div>
    </div>
  );
}

import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { pendingEmailChange } from "../../../auth/account-tokens.server";
import { formAction, validateForm } from "../../../auth/forms.server";
import { requireMember } from "../../../auth/guards.server";
import { changeEmailValidator } from "../../../auth/validators";
import { requestEmailChange } from "../../../auth/verification.server";
import { checkCaptcha, createFallbackQuestion } from "../../../captcha/captcha.server";
import { EmailChangeForm } from "../../../components/forms/account/EmailChangeForm";

export const meta: MetaFunction = () => [{ title: "Change email — Pawroute" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  return { email: user.email, pendingEmail: await pendingEmailChange(user.id), captcha: createFallbackQuestion() };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireMember(request);
  return formAction(request, async (form) => {
    const valid = await validateForm(changeEmailValidator, form);
    if (!valid.ok) return valid.response;
    await checkCaptcha(form);
    await requestEmailChange(user, valid.data.email);
    return data({ sentTo: valid.data.email });
  });
}

export default function ChangeEmail() {
  const loaderData = useLoaderData<typeof loader>();
  return (
    <div className="container account-page">
      <p className="eyebrow">
        <Link to="/account/settings/">Account settings</Link>
      </p>
      <h1>Change email</h1>
      <div className="form-panel">
        <EmailChangeForm data={loaderData} />
      </div>
    </div>
  );
}

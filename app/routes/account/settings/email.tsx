import { data, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pendingEmailChange } from "../../../auth/account-tokens.server";
import { clientOf } from "../../../auth/client.server";
import { settingsAction, settingsLoader } from "../../../auth/settings.server";
import { changeEmailValidator } from "../../../auth/validators";
import { requestEmailChange } from "../../../auth/verification.server";
import { checkCaptcha, createFallbackQuestion } from "../../../captcha/captcha.server";
import { EmailChangeForm } from "../../../components/forms/account/EmailChangeForm";
import { SettingsPage } from "../../../components/forms/account/SettingsPage";

export const meta: MetaFunction = () => [{ title: "Change email — Pawroute" }];

export const loader = settingsLoader(async (user, request, context) => ({ email: user.email, pendingEmail: await pendingEmailChange(user.id), captcha: createFallbackQuestion("change-email", clientOf(request, context).ip) }));

/** Stays on the form: it says where the confirmation link went (the address changes once it is followed). */
export const action = settingsAction(changeEmailValidator, async (user, { email }, form, { request, context }) => {
  await checkCaptcha(form, "change-email", clientOf(request, context).ip);
  await requestEmailChange(user, email);
  return data({ sentTo: email });
});

export default function ChangeEmail() {
  const loaderData = useLoaderData<typeof loader>();
  return (
    <SettingsPage title="Change email">
      <EmailChangeForm data={loaderData} />
    </SettingsPage>
  );
}

import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { emailSettings, saveEmailSettings, SUCCESS } from "../../../auth/account.server";
import { backToSettings, settingsAction, settingsLoader } from "../../../auth/settings.server";
import { emailSettingsValidator } from "../../../auth/validators";
import { EmailSettingsForm } from "../../../components/forms/account/EmailSettingsForm";
import { SettingsPage } from "../../../components/forms/account/SettingsPage";

export const meta: MetaFunction = () => [{ title: "Email settings — Pawroute" }];

export const loader = settingsLoader(async (user) => ({ lists: await emailSettings(user.id) }));

export const action = settingsAction(emailSettingsValidator, async (user, { lists }) => {
  await saveEmailSettings(user, lists);
  return backToSettings(SUCCESS.emailSettings);
});

export default function EmailSettings() {
  const loaderData = useLoaderData<typeof loader>();
  return (
    <SettingsPage title="Email settings">
      <EmailSettingsForm data={loaderData} />
    </SettingsPage>
  );
}

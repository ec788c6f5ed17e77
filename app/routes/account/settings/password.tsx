import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { changePassword, SUCCESS } from "../../../auth/account.server";
import { backToSettings, settingsAction, settingsLoader } from "../../../auth/settings.server";
import { changePasswordValidator } from "../../../auth/validators";
import { PasswordForm } from "../../../components/forms/account/PasswordForm";
import { SettingsPage } from "../../../components/forms/account/SettingsPage";

export const meta: MetaFunction = () => [{ title: "Change password — Pawroute" }];

export const loader = settingsLoader((user) => ({ hasPassword: user.hasPassword }));

export const action = settingsAction(changePasswordValidator, async (user, passwords) => {
  await changePassword(user, passwords);
  return backToSettings(SUCCESS.password);
});

export default function ChangePassword() {
  const loaderData = useLoaderData<typeof loader>();
  return (
    <SettingsPage title={loaderData.hasPassword ? "Change password" : "Set a password"}>
      <PasswordForm data={loaderData} />
    </SettingsPage>
  );
}

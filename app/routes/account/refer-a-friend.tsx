import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { clientOf } from "../../auth/client.server";
import { useLoaderData } from "@remix-run/react";
import { validateForm } from "../../auth/forms.server";
import { requireMember } from "../../auth/guards.server";
import { checkCaptcha, createFallbackQuestion } from "../../captcha/captcha.server";
import { ReferralForm } from "../../components/members/ReferralForm";
import { getEnv } from "../../env.server";
import { memberFormAction } from "../../members/forms.server";
import { referFriend } from "../../members/referral.server";
import { referralValidator } from "../../members/schemas";

import membersStyles from "../../styles/members.css?url";
import { AccountPage } from "../../components/account/AccountPage";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: membersStyles }];

export const meta: MetaFunction = () => [{ title: "Refer a friend — Pawroute" }];

/** The page, and the data of the modal that opens it from the checklist. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireMember(request);
  return { captcha: createFallbackQuestion("refer-a-friend", clientOf(request, context).ip), points: getEnv().REFERRAL_POINTS };
}

/** The spec's POST refer-friend: form fields plus captcha; answers the invited email. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireMember(request);
  return memberFormAction(request, async (form) => {
    const valid = await validateForm(referralValidator, form);
    if (!valid.ok) return valid.response;
    await checkCaptcha(form, "refer-a-friend", clientOf(request, context).ip);
    return data(await referFriend(user, valid.data));
  });
}

export default function ReferAFriend() {
  const loaderData = useLoaderData<typeof loader>();
  return (
    <AccountPage title="Refer a friend" panel>
      <ReferralForm data={loaderData} />
    </AccountPage>
  );
}

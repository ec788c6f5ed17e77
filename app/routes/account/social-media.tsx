import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { redirectWithFlash } from "../../auth/flash.server";
import { requireMember } from "../../auth/guards.server";
import { SocialMediaForm } from "../../components/members/SocialMediaForm";
import { getEnv } from "../../env.server";
import { AppError } from "../../../core/errors";
import { checklistFor, markSocialMediaSubscribed } from "../../members/checklist.server";
import { memberFormAction, textField } from "../../members/forms.server";

import membersStyles from "../../styles/members.css?url";
import { AccountPage } from "../../components/account/AccountPage";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: membersStyles }];

export const meta: MetaFunction = () => [{ title: "Follow Pawroute on social media — Pawroute" }];

/** The page, and the data of the modal that opens it from the checklist. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  const env = getEnv();
  const checklist = await checklistFor(user.id);
  return { socialNetworkUrl: env.SOCIAL_NETWORK_URL, microblogUrl: env.MICROBLOG_URL, done: checklist.items.some((item) => item.id === "social-media" && item.done) };
}

/** The spec's POST social-media-subscribed: recorded once, then back to the account page. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireMember(request);
  return memberFormAction(request, async (form) => {
    if (textField(form, "intent", 20) !== "subscribed") throw new AppError(400, "Sorry, there was a problem. Please try again.");
    await markSocialMediaSubscribed(user.id);
    return redirectWithFlash("/account", "Thank you for following Pawroute!");
  });
}

export default function SocialMedia() {
  const loaderData = useLoaderData<typeof loader>();
  return (
    <AccountPage title="Follow Pawroute" panel>
      <SocialMediaForm data={loaderData} />
    </AccountPage>
  );
}

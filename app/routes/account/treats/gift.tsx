import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { redirectWithFlash } from "../../../auth/flash.server";
import { formAction, validateForm } from "../../../auth/forms.server";
import { requireMember } from "../../../auth/guards.server";
import { StatusPage } from "../../../components/StatusPage";
import { GiftForm } from "../../../components/treats/GiftForm";
import { AppError } from "../../../../core/errors";
import { giftTreat, memberTreat, treatIdFromHex } from "../../../treats/awarded.server";
import { giftValidator } from "../../../treats/schemas";
import { TREAT_MESSAGES } from "../../../treats/types";
import treatsStyles from "../../../styles/treats.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: treatsStyles }];

export const meta: MetaFunction = () => [{ title: "Gift a Treat — Pawroute" }];

/** The page, and the data of the modal that opens it from a Treat card. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  const treat = await memberTreat(user.id, treatIdFromHex(params.id));
  if (treat.status !== "active") throw new AppError(409, TREAT_MESSAGES.notActive);
  return { hexId: treat.hexId, name: treat.option.name };
}

/** The spec's POST users/me/prizes/{id}/gift: the recipient (username or email) gets the Treat and a mail. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireMember(request);
  const id = treatIdFromHex(params.id);
  return formAction(request, async (form) => {
    const valid = await validateForm(giftValidator, form);
    if (!valid.ok) return valid.response;
    const { giftedUser } = await giftTreat(user, id, valid.data.recipient);
    const message = `Your Treat has been gifted to ${giftedUser.username ?? "a Pawroute member"}. We have emailed them to let them know.`;
    return redirectWithFlash(`/account/treats/${id.toString(16)}`, message);
  });
}

export default function GiftTreat() {
  const loaderData = useLoaderData<typeof loader>();
  return (
    <div className="container account-page treats-page">
      <p className="eyebrow">
        <Link to={`/account/treats/${loaderData.hexId}`}>{loaderData.name}</Link>
      </p>
      <h1>Gift a Treat</h1>
      <div className="form-panel">
        <GiftForm data={loaderData} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <StatusPage />;
}

import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { redirectWithFlash } from "../../auth/flash.server";
import { formAction, validateForm } from "../../auth/forms.server";
import { requireMember } from "../../auth/guards.server";
import { ClaimGifts } from "../../components/treats/ClaimGifts";
import { ClaimProgress } from "../../components/treats/ClaimProgress";
import { claimStatus, claimTreat } from "../../treats/awarded.server";
import { claimValidator } from "../../treats/schemas";
import treatsStyles from "../../styles/treats.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: treatsStyles }];

export const meta: MetaFunction = () => [{ title: "Claim a Treat — Pawroute" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  return { status: await claimStatus(user.id) };
}

/** The spec's POST users/me/prizes/claim: the server draws the Treat; the chosen gift only has to be one of the three. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireMember(request);
  return formAction(request, async (form) => {
    const valid = await validateForm(claimValidator, form);
    if (!valid.ok) return valid.response;
    const won = await claimTreat(user.id);
    if (form.get("js") === "1") return data({ won: { hexId: won.hexId, name: won.optionName, image: won.image } });
    return redirectWithFlash(`/account/treats/${won.hexId}`, `Congratulations! You won ${won.optionName}.`);
  });
}

export default function ClaimTreat() {
  const { status } = useLoaderData<typeof loader>();
  return (
    <div className="container account-page treats-page">
      <p className="eyebrow">
        <Link to="/account/treats">Your Treats</Link>
      </p>
      <h1>Claim a Treat</h1>
      <ClaimProgress status={status} />
      {status.owed > 0 ? <p className="form-lead">Click one of the dogs' gifts to open it. Every gift holds a Treat: which one is down to luck.</p> : null}
      <ClaimGifts disabled={status.owed < 1} />
    </div>
  );
}

import { redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { currentAddress } from "../../../auth/account.server";
import { redirectWithFlash } from "../../../auth/flash.server";
import { formAction } from "../../../auth/forms.server";
import { requireMember } from "../../../auth/guards.server";
import { SubmitRow } from "../../../components/forms/BusyButton";
import { BackToTreats } from "../../../components/treats/TreatCard";
import { FormAlert, formErrorOf } from "../../../components/forms/FormParts";
import { StatusPage } from "../../../components/StatusPage";
import { AppError } from "../../../../core/errors";
import { memberTreat, redeemTreat, treatIdFromHex } from "../../../treats/awarded.server";
import { ADDRESS_REQUIRED, TREAT_MESSAGES } from "../../../treats/types";
import { formErrorResponse } from "../../../error-response.server";
import treatsStyles from "../../../styles/treats.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: treatsStyles }];

export const meta: MetaFunction = () => [{ title: "Redeem your Treat — Pawroute" }];

const REDEEMED: Record<string, string> = {
  voucher: "Your Treat has been redeemed. Your voucher code is below, and we have emailed it to you.",
  posted: "Your Treat has been redeemed. We will post it to you soon.",
  done: "Your Treat has been redeemed. We will be in touch!",
};

/** The page without JavaScript: redeem now, or (a posted gift, still without an address) why it cannot be. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  const treat = await memberTreat(user.id, treatIdFromHex(params.id));
  const missingAddress = treat.option.type.id === 4 && (await currentAddress(user.id)) === null;
  return { treat, missingAddress };
}

/** The spec's POST users/me/prizes/{id}/redeem: a redirect (go there), a voucher, or an address first. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireMember(request);
  const id = treatIdFromHex(params.id);
  const hex = id.toString(16);
  return formAction(request, async (form) => {
    try {
      const outcome = await redeemTreat(user, id);
      if (outcome.kind === "redirect") return redirect(outcome.url);
      return redirectWithFlash(`/account/treats/${hex}`, REDEEMED[outcome.kind]);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== ADDRESS_REQUIRED) throw error;
      // With JavaScript the page opens the address form in a modal (RedeemControl), on this error's code.
      if (form.get("js") === "1") return formErrorResponse(error);
      const noScriptHref = `/account/settings/address?${new URLSearchParams({ reason: "redeem", redirectTo: `/account/treats/${hex}/redeem` })}`;
      return redirect(noScriptHref);
    }
  });
}

export default function RedeemTreat() {
  const { treat, missingAddress } = useLoaderData<typeof loader>();
  const result: unknown = useActionData();
  return (
    <div className="container account-page treats-page">
      <p className="eyebrow">
        <Link to={`/account/treats/${treat.hexId}`}>{treat.option.name}</Link>
      </p>
      <h1>Redeem your Treat</h1>
      <FormAlert message={formErrorOf(result)} />
      {treat.status !== "active" ? (
        <p className="form-alert" role="alert">
          {TREAT_MESSAGES.notActive}
        </p>
      ) : missingAddress ? (
        <>
          <p className="form-alert" role="alert">
            {TREAT_MESSAGES.addressAbandoned}
          </p>
          <p>
            <Link className="button button--accent" to={`/account/settings/address?${new URLSearchParams({ reason: "redeem", redirectTo: `/account/treats/${treat.hexId}/redeem` })}`}>
              Add your address
            </Link>
          </p>
        </>
      ) : (
        <Form method="post" className="form-stack">
          <p className="form-lead">
            Redeem <strong>{treat.option.name}</strong> now?
          </p>
          <SubmitRow pending="Redeeming…">Redeem now</SubmitRow>
        </Form>
      )}
      <BackToTreats />
    </div>
  );
}

export function ErrorBoundary() {
  return <StatusPage />;
}

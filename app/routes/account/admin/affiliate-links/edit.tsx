// /account/admin/affiliate-links/{id|add}: add or edit a friendly discount link, and delete it (spec §7
// POST affiliate-links/{id or empty}, DELETE affiliate-links/{id}).
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { optionalId } from "../../../../admin/params.server";
import { readFlash, redirectWithFlash } from "../../../../auth/flash.server";
import { formAction, validateForm } from "../../../../auth/forms.server";
import { requireAdmin } from "../../../../auth/guards.server";
import { AffiliateLinkForm, DeleteAffiliateLink } from "../../../../components/admin/AdminAffiliateLinks";
import { ConfirmAction } from "../../../../components/admin/AdminParts";
import { Notice } from "../../../../components/forms/FormParts";
import { StatusPage } from "../../../../components/StatusPage";
import { AppError } from "../../../../../core/errors";
import { affiliateLinkValidator, BLANK_AFFILIATE_LINK } from "../../../../payments/affiliate-links";
import { AFFILIATE_NOT_FOUND, deleteAffiliateLink, editableAffiliateLink, saveAffiliateLink } from "../../../../payments/affiliate-links.server";
import { PAYMENT_MESSAGES } from "../../../../payments/messages";
import formStyles from "../../../../styles/forms.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: formStyles }];

export const meta: MetaFunction = () => [{ title: "Friendly discount — Back office — Pawroute" }];

/** The {id} of the URL: null for "add", else a link id (anything else is a 404). */
function idOf(value: string | undefined): number | null {
  if (value === "add") return null;
  const id = /^\d{1,10}$/.test(value ?? "") ? optionalId(value) : null;
  if (id === null) throw new AppError(404, AFFILIATE_NOT_FOUND);
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = idOf(params.id);
  const [link, flash] = await Promise.all([id === null ? BLANK_AFFILIATE_LINK : editableAffiliateLink(id), readFlash(request)]);
  return data({ link, flash: flash.message }, { headers: flash.headers });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = idOf(params.id);
  return formAction(request, async (form) => {
    if (form.get("intent") === "delete") {
      if (id === null) throw new AppError(400, AFFILIATE_NOT_FOUND);
      if (form.get("confirmed") !== "1") {
        return data({ confirm: { intent: "delete", ids: [], question: PAYMENT_MESSAGES.affiliateDeleteConfirm, confirmLabel: "Delete the discount link" } });
      }
      await deleteAffiliateLink(admin, id);
      return redirect("/account/admin/affiliate-links?removed");
    }
    const valid = await validateForm(affiliateLinkValidator, form);
    if (!valid.ok) return valid.response;
    const saved = await saveAffiliateLink(admin, id, valid.data);
    return redirectWithFlash(`/account/admin/affiliate-links/${saved}`, PAYMENT_MESSAGES.affiliateUpdated);
  });
}

export default function EditAffiliateLink() {
  const { link, flash } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const confirm = result && "confirm" in result ? result.confirm : null;
  return (
    <div className="admin-page">
      <p className="eyebrow">
        <Link to="/account/admin/affiliate-links">Friendly discounts</Link>
      </p>
      <h1>{link.id === null ? "Add a discount link" : `Edit: ${link.code}`}</h1>
      <Notice message={flash} />
      {confirm && link.id !== null ? <ConfirmAction confirmation={confirm} cancelTo={`/account/admin/affiliate-links/${link.id}`} /> : null}
      <div className="form-panel">
        <AffiliateLinkForm key={link.id ?? "new"} link={link} />
      </div>
      {link.id !== null ? <DeleteAffiliateLink /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <StatusPage />;
}

// /account/admin/users, /account/admin/users/{filter} (the list) and /account/admin/users/{hexId} (one
// member): one route module, as the spec puts both under /account/admin/users/{x}. Filter names are not hex.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { auditEntriesFor } from "../../../admin/audit.server";
import { ADMIN_MESSAGES } from "../../../admin/messages";
import { fromHexId, idsOf, optionalId } from "../../../admin/params.server";
import { adminEmailValidator, adminUsernameValidator, awardPointsValidator } from "../../../admin/schemas";
import {
  awardPointsTo,
  changeAddress,
  changeEmail,
  changePassword,
  changeUsername,
  deleteUsers,
  listUsers,
  newAwardKey,
  removeGalleryImageOf,
  removeProfileImageOf,
  userDetail,
} from "../../../admin/users.server";
import { isUserFilter, type UserFilter } from "../../../admin/users.types";
import { selectableCountries } from "../../../auth/account.server";
import { readFlash, redirectWithFlash } from "../../../auth/flash.server";
import { readForm, validateForm } from "../../../auth/forms.server";
import { requireAdmin } from "../../../auth/guards.server";
import { addressValidator, changePasswordValidator } from "../../../auth/validators";
import { UserDetailPage, UsersTable } from "../../../components/admin/AdminUsers";
import { awardTreat } from "../../../treats/awarded.server";
import { awardableOptions } from "../../../treats/options.server";
import { AppError } from "../../../../core/errors";
import { formErrorResponse, formFailureResponse } from "../../../error-response.server";
import { PAYMENT_MESSAGES } from "../../../payments/messages";
import { recentMoneyBack } from "../../../payments/refunds.server";
import { cancelAutoRenewFor, subscriptionView } from "../../../payments/subscriptions.server";
import { FILE_ID_PATTERN } from "../../../../core/images";

export const meta: MetaFunction = () => [{ title: "Members — Back office — Pawroute" }];

type Target = { kind: "list"; filter: UserFilter } | { kind: "user"; id: number };

function targetOf(x: string | undefined): Target {
  if (x === undefined) return { kind: "list", filter: "active" };
  if (isUserFilter(x)) return { kind: "list", filter: x };
  const id = fromHexId(x);
  if (id === null) throw new AppError(404, "Sorry, we couldn't find that member.");
  return { kind: "user", id };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const target = targetOf(params.x);
  const flash = await readFlash(request);
  if (target.kind === "list") {
    const page = await listUsers(target.filter, new URL(request.url).searchParams);
    return data({ kind: "list" as const, page, user: null, countries: [], history: [], awardKey: "", self: admin.id, flash: flash.message, treatOptions: [] }, { headers: flash.headers });
  }
  const [user, countries, history, treatOptions, subscription, moneyBack] = await Promise.all([
    userDetail(target.id),
    selectableCountries(),
    auditEntriesFor("user", target.id, 15),
    awardableOptions(),
    subscriptionView(target.id),
    recentMoneyBack({ userId: target.id, limit: 20 }),
  ]);
  const current = subscription ? { planName: subscription.plan.name, expiresAt: subscription.expiresAt, autoRenew: subscription.autoRenew } : null;
  return data({ kind: "user" as const, page: null, user, countries, history, awardKey: newAwardKey(), self: admin.id, flash: flash.message, treatOptions, subscription: current, moneyBack }, { headers: flash.headers });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const target = targetOf(params.x);
  const form = await readForm(request);
  const intent = form.get("intent");
  const url = new URL(request.url);
  const back = url.pathname + url.search;

  if (target.kind === "list") {
    if (intent !== "delete") return formErrorResponse(new AppError(400, "Please choose what to do with the selected members."));
    const ids = idsOf(form);
    if (ids.length === 0) return formErrorResponse(new AppError(400, "Please select at least one member."));
    if (form.get("confirmed") !== "1") {
      return data({ confirm: { intent, ids, question: ADMIN_MESSAGES.confirmDeleteUser, confirmLabel: ids.length === 1 ? "Delete the member" : `Delete ${ids.length} members` } });
    }
    try {
      await deleteUsers(admin, ids);
    } catch (error) {
      if (error instanceof AppError && error.status < 500) return formFailureResponse(error, ADMIN_MESSAGES.userDeleteFailed(error.message));
      throw error;
    }
    return redirectWithFlash(back, ADMIN_MESSAGES.usersDeleted);
  }

  const id = target.id;
  switch (intent) {
    case "username": {
      const valid = await validateForm(adminUsernameValidator, form);
      if (!valid.ok) return valid.response;
      await changeUsername(admin, id, valid.data.username);
      return redirectWithFlash(back, "The username has been updated");
    }
    case "email": {
      const valid = await validateForm(adminEmailValidator, form);
      if (!valid.ok) return valid.response;
      await changeEmail(admin, id, valid.data.email);
      return redirectWithFlash(back, "The email address has been updated");
    }
    case "password": {
      const valid = await validateForm(changePasswordValidator, form);
      if (!valid.ok) return valid.response;
      await changePassword(admin, id, valid.data.newPassword);
      return redirectWithFlash(back, "The password has been updated and the member's sessions ended");
    }
    case "address": {
      const valid = await validateForm(addressValidator, form);
      if (!valid.ok) return valid.response;
      await changeAddress(admin, id, { ...valid.data, address2: valid.data.address2 ?? "", county: valid.data.county ?? "" });
      return redirectWithFlash(back, "The address has been updated");
    }
    case "award": {
      const valid = await validateForm(awardPointsValidator, form);
      if (!valid.ok) return valid.response;
      try {
        const result = await awardPointsTo(admin, id, valid.data.points, valid.data.message, valid.data.key);
        const message =
          result.status === "duplicate"
            ? "These points were already awarded (the form was sent twice); nothing changed"
            : `${valid.data.points} Treat Points have been awarded${result.status === "pending" ? " (pending until the member verifies their email)" : ""}`;
        return redirectWithFlash(back, message);
      } catch (error) {
        return formFailureResponse(error, ADMIN_MESSAGES.awardFailed, { formId: "award" });
      }
    }
    case "award-treat": {
      // Spec §8: the same title as a failed points award.
      try {
        const awarded = await awardTreat(admin, id, optionalId(form.get("option")));
        return redirectWithFlash(back, `The Treat "${awarded.optionName}" has been awarded`);
      } catch (error) {
        return formFailureResponse(error, ADMIN_MESSAGES.awardFailed, { formId: "award-treat" });
      }
    }
    case "remove-profile-image": {
      // Spec §3: image deletion asks first (a page of its own without JavaScript, a dialog with it).
      if (form.get("confirmed") !== "1") {
        return data({ confirm: { intent: "remove-profile-image", ids: [], question: ADMIN_MESSAGES.confirmDeleteImage, confirmLabel: "Remove photo" } });
      }
      await removeProfileImageOf(admin, id);
      return redirectWithFlash(back, ADMIN_MESSAGES.profileImageRemoved);
    }
    case "remove-gallery-image": {
      const image = String(form.get("image") ?? "").slice(0, 64);
      if (!FILE_ID_PATTERN.test(image)) throw new AppError(404, ADMIN_MESSAGES.imageNotFound);
      if (form.get("confirmed") !== "1") {
        return data({ confirm: { intent: "remove-gallery-image", ids: [], question: ADMIN_MESSAGES.confirmDeleteImage, confirmLabel: "Remove photo", fields: { image } } });
      }
      await removeGalleryImageOf(admin, id, image);
      return redirectWithFlash(back, ADMIN_MESSAGES.galleryImageRemoved);
    }
    case "cancel-autorenew": {
      if (form.get("confirmed") !== "1") {
        return data({ confirm: { intent: "cancel-autorenew", ids: [], question: PAYMENT_MESSAGES.adminCancelConfirm, confirmLabel: "Cancel auto-renewal" } });
      }
      await cancelAutoRenewFor(admin, id);
      return redirectWithFlash(back, PAYMENT_MESSAGES.adminCancelled);
    }
    case "delete": {
      if (form.get("confirmed") !== "1") {
        return data({ confirm: { intent: "delete", ids: [], question: ADMIN_MESSAGES.confirmDeleteUser, confirmLabel: "Delete the member" } });
      }
      try {
        await deleteUsers(admin, [id]);
      } catch (error) {
        if (error instanceof AppError && error.status < 500) return formFailureResponse(error, ADMIN_MESSAGES.userDeleteFailed(error.message));
        throw error;
      }
      return redirectWithFlash("/account/admin/users", ADMIN_MESSAGES.userDeleted);
    }
    default:
      return formErrorResponse(new AppError(400, "Please choose what to change."));
  }
}

export default function AdminUsers() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.kind === "list" && loaded.page) return <UsersTable page={loaded.page} flash={loaded.flash} self={loaded.self} />;
  if (loaded.user) {
    return (
      <UserDetailPage
        user={loaded.user}
        countries={loaded.countries}
        history={loaded.history}
        awardKey={loaded.awardKey}
        self={loaded.self}
        flash={loaded.flash}
        treatOptions={loaded.treatOptions}
        subscription={loaded.subscription}
        moneyBack={loaded.moneyBack}
      />
    );
  }
  return null;
}

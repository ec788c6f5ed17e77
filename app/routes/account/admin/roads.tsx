// /account/admin/manage-roads and /account/admin/manage-roads/{x}: x is a country tab ("united-kingdom",
// "france"), "add" (the new road form) or a road's id (its page: the road, its junctions, delete).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { Validator } from "remix-validated-form";
import { auditEntriesFor } from "../../../admin/audit.server";
import { ADMIN_MESSAGES } from "../../../admin/messages";
import { optionalId, requiredId } from "../../../admin/params.server";
import { addJunction, createRoad, deleteJunction, deleteRoad, editJunction, editRoad, roadDetail, roadsPage } from "../../../admin/roads.server";
import { junctionValidator, newRoadValidator, roadValidator } from "../../../admin/roads.schemas";
import { roadCountryTab, ROAD_COUNTRY_TABS, type RoadCountryTab } from "../../../admin/roads.types";
import { readFlash, redirectWithFlash } from "../../../auth/flash.server";
import { readForm, validateForm } from "../../../auth/forms.server";
import { requireAdmin } from "../../../auth/guards.server";
import { AddRoadPage, RoadPage, RoadsTable } from "../../../components/admin/AdminRoads";
import { AppError } from "../../../../core/errors";
import { formErrorResponse } from "../../../error-response.server";

export const meta: MetaFunction = () => [{ title: "Roads — Back office — Pawroute" }];

type Target = { kind: "list"; country: RoadCountryTab } | { kind: "add" } | { kind: "road"; id: number };

function targetOf(x: string | undefined): Target {
  if (x === undefined) return { kind: "list", country: ROAD_COUNTRY_TABS[0] };
  const country = roadCountryTab(x);
  if (country) return { kind: "list", country };
  if (x === "add") return { kind: "add" };
  const id = /^\d{1,10}$/.test(x) ? optionalId(x) : null;
  if (id === null) throw new AppError(404, "Sorry, we couldn't find that road.");
  return { kind: "road", id };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const target = targetOf(params.x);
  const flash = await readFlash(request);
  const url = new URL(request.url);
  if (target.kind === "list") {
    return data({ kind: "list" as const, page: await roadsPage(target.country, url.searchParams), road: null, history: [], country: target.country, flash: flash.message }, { headers: flash.headers });
  }
  if (target.kind === "add") {
    const country = roadCountryTab(url.searchParams.get("country") ?? "") ?? ROAD_COUNTRY_TABS[0];
    return data({ kind: "add" as const, page: null, road: null, history: [], country, flash: flash.message }, { headers: flash.headers });
  }
  const [road, history] = await Promise.all([roadDetail(target.id), auditEntriesFor("road", target.id, 15)]);
  return data({ kind: "road" as const, page: null, road, history, country: roadCountryTab(road.countryId) ?? ROAD_COUNTRY_TABS[0], flash: flash.message }, { headers: flash.headers });
}

/** A field error from the service (a taken name, a junction off the road) shown on its form, with what was typed. */
function formFailure(error: unknown, form: FormData) {
  if (!(error instanceof AppError) || Object.keys(error.fieldErrors).length === 0) throw error;
  const formId = form.get("__rvfInternalFormId");
  const repopulateFields = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string"));
  return formErrorResponse(error, { formId: typeof formId === "string" ? formId : undefined, repopulateFields });
}

async function validated<T>(validator: Validator<T>, form: FormData, work: (value: T) => Promise<Response>) {
  const valid = await validateForm(validator, form);
  if (!valid.ok) return valid.response;
  try {
    return await work(valid.data);
  } catch (error) {
    return formFailure(error, form);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const target = targetOf(params.x);
  const form = await readForm(request);
  const intent = form.get("intent");
  const url = new URL(request.url);
  const confirmDelete = (id: number) => data({ confirm: { intent: "delete", ids: [id], question: ADMIN_MESSAGES.confirmDeleteRoad, confirmLabel: "Delete the road" } });

  if (target.kind === "add") {
    return validated(newRoadValidator, form, async (value) => {
      const id = await createRoad(admin, value);
      return redirectWithFlash(`/account/admin/manage-roads/${id}`, "The road has been added. Now add its junctions.");
    });
  }
  if (target.kind === "list") {
    if (intent !== "delete") throw new AppError(400, "Please choose what to do with the road.");
    const id = requiredId(form.get("ids"), "road");
    if (form.get("confirmed") !== "1") return confirmDelete(id);
    const road = await deleteRoad(admin, id);
    return redirectWithFlash(url.pathname + url.search, `The road ${road.name} has been deleted`);
  }

  const roadId = target.id;
  const back = `/account/admin/manage-roads/${roadId}`;
  switch (intent) {
    case "edit":
      return validated(roadValidator, form, async (value) => {
        await editRoad(admin, roadId, value);
        return redirectWithFlash(back, "The road has been updated");
      });
    case "delete": {
      if (form.get("confirmed") !== "1") return confirmDelete(roadId);
      const road = await deleteRoad(admin, roadId);
      return redirectWithFlash(`/account/admin/manage-roads/${roadCountryTab(road.countryId)?.slug ?? ""}`, `The road ${road.name} has been deleted`);
    }
    case "junction-add":
      return validated(junctionValidator, form, async (value) => {
        await addJunction(admin, roadId, value);
        return redirectWithFlash(back, `Junction ${value.number} has been added`);
      });
    case "junction-edit": {
      const junctionId = requiredId(form.get("junctionId"), "junction");
      return validated(junctionValidator, form, async (value) => {
        await editJunction(admin, roadId, junctionId, value);
        return redirectWithFlash(back, `Junction ${value.number} has been updated`);
      });
    }
    case "junction-delete": {
      await deleteJunction(admin, roadId, requiredId(form.get("junctionId"), "junction"));
      return redirectWithFlash(back, "The junction has been deleted");
    }
    default:
      throw new AppError(400, "Please choose what to change.");
  }
}

export default function AdminRoads() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.kind === "list" && loaded.page) return <RoadsTable page={loaded.page} flash={loaded.flash} />;
  if (loaded.kind === "add") return <AddRoadPage country={loaded.country} flash={loaded.flash} />;
  if (loaded.road) return <RoadPage road={loaded.road} history={loaded.history} country={loaded.country} flash={loaded.flash} />;
  return null;
}

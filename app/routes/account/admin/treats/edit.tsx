import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { optionalId } from "../../../../admin/params.server";
import { redirectWithFlash } from "../../../../auth/flash.server";
import { validateForm } from "../../../../auth/forms.server";
import { requireAdmin } from "../../../../auth/guards.server";
import { ConfirmAction } from "../../../../components/admin/AdminParts";
import { Notice } from "../../../../components/forms/FormParts";
import { StatusPage } from "../../../../components/StatusPage";
import { TreatOptionForm } from "../../../../components/treats/TreatOptionForm";
import { AppError } from "../../../../../core/errors";
import { createUpload } from "../../../../uploads/files.server";
import { filesOf, readUploadForm } from "../../../../uploads/multipart.server";
import { BLANK_TREAT, deleteTreatOption, editableTreat, saveTreatOption } from "../../../../treats/options.server";
import { treatFormValidator } from "../../../../treats/schemas";
import { TREAT_MESSAGES } from "../../../../treats/types";
import formStyles from "../../../../styles/forms.css?url";
import listingFormStyles from "../../../../styles/listing-form.css?url";
import blogStyles from "../../../../styles/blog.css?url";
import treatsStyles from "../../../../styles/treats.css?url";
import { formErrorResponse } from "../../../../error-response.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: listingFormStyles },
  { rel: "stylesheet", href: blogStyles },
  { rel: "stylesheet", href: treatsStyles },
];

export const meta: MetaFunction = () => [{ title: "Edit Treat — Back office — Pawroute" }];

function idOf(value: string | undefined): number | null {
  if (value === undefined) return null;
  const id = optionalId(value);
  if (id === null) throw new AppError(404, TREAT_MESSAGES.notFound);
  return id;
}

/** /account/admin/treats/add and /account/admin/treats/edit/{id}. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = idOf(params.id);
  const url = new URL(request.url);
  const treat = id === null ? BLANK_TREAT : await editableTreat(id);
  // Spec §4: adding redirects here with a query (?added=1); saving an edit says it was updated.
  const message = url.searchParams.get("added") === "1" ? "The Treat has been added successfully" : url.searchParams.get("saved") === "1" ? TREAT_MESSAGES.updated : null;
  return data({ treat, message });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = idOf(params.id);
  let form: FormData;
  try {
    form = await readUploadForm(request, 1);
  } catch (error) {
    if (error instanceof AppError) return formErrorResponse(error);
    throw error;
  }
  if (id !== null && form.get("intent") === "delete") {
    if (form.get("confirmed") !== "1") {
      return data({ confirm: { intent: "delete", ids: [], question: TREAT_MESSAGES.confirmDelete, confirmLabel: "Delete the Treat" } });
    }
    await deleteTreatOption(admin, id);
    return redirectWithFlash("/account/admin/treats", "The Treat has been deleted");
  }
  const valid = await validateForm(treatFormValidator, form);
  if (!valid.ok) return valid.response;
  try {
    const uploaded: string[] = [];
    for (const file of filesOf(form, "images").slice(0, 1)) uploaded.push((await createUpload({ user: admin, visitorKey: null }, Buffer.from(await file.arrayBuffer()))).id);
    const saved = await saveTreatOption(admin, id, valid.data, uploaded);
    return redirect(`/account/admin/treats/edit/${saved}?${id === null ? "added=1" : "saved=1"}`);
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return formErrorResponse(error);
    throw error;
  }
}

export default function EditTreat() {
  const { treat, message } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const confirm = result && "confirm" in result ? result.confirm : null;
  return (
    <div className="admin-page admin-blog">
      <p className="eyebrow">
        <Link to="/account/admin/treats">Treats</Link>
      </p>
      <h1>{treat.id === null ? "Add a Treat" : `Edit: ${treat.name}`}</h1>
      <Notice message={message} />
      {confirm ? <ConfirmAction confirmation={confirm} cancelTo={`/account/admin/treats/edit/${treat.id}`} /> : null}
      {treat.id !== null ? (
        <Form method="post" encType="multipart/form-data" className="admin-blog__actions">
          <button type="submit" name="intent" value="delete" className="button button--quiet admin-danger">
            Delete Treat
          </button>
        </Form>
      ) : null}
      <div className="form-panel">
        <TreatOptionForm key={treat.id ?? "new"} treat={treat} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <StatusPage />;
}

import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ValidatedForm } from "remix-validated-form";
import { StatusPage } from "../../../components/StatusPage";
import { TextField } from "../../../components/forms/Field";
import { Modal } from "../../../components/forms/Modal";
import { BusyButton } from "../../../components/forms/BusyButton";
import { Notice, SubmitButton } from "../../../components/forms/FormParts";
import { FavouriteCards } from "../../../components/listing/FavouriteCards";
import { KeepOffline } from "../../../components/offline/KeepOffline";
import { favouriteListAction, favouriteListPage } from "../../../favourites/account.server";
import { editListValidator } from "../../../favourites/schemas";
import listingStyles from "../../../styles/listing.css?url";
import searchStyles from "../../../styles/search.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: searchStyles },
  { rel: "stylesheet", href: listingStyles },
];

/** /account/favourites/{id}: one of the member's lists; edit it (a modal with JavaScript, ?edit=1 without) or delete it. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return favouriteListPage(request, params.id);
}

export function action({ request, params }: ActionFunctionArgs) {
  return favouriteListAction(request, params.id);
}

function EditList({ list }: { list: { name: string; description: string; isDefault: boolean } }) {
  return (
    <div className="form-stack">
      <ValidatedForm validator={editListValidator} method="post" id="edit-list" defaultValues={{ name: list.name, description: list.description }} noValidate className="form-stack">
        <input type="hidden" name="intent" value="update" />
        <TextField formId="edit-list" name="name" label="Name" maxLength={80} />
        <TextField formId="edit-list" name="description" label="Description" optional maxLength={300} />
        <div className="form-actions">
          <SubmitButton pending="Saving…">Save list</SubmitButton>
        </div>
      </ValidatedForm>
      <Form method="post">
        <BusyButton name="intent" value="delete" pending="Deleting…" className="button button--danger">
          Delete this list
        </BusyButton>
      </Form>
    </div>
  );
}

export default function FavouriteList() {
  const { list, cards, editing, notice, publicUrl } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  // Without JavaScript ?edit=1 shows the form in the page; with it, in a modal.
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  return (
    <div className="container account-page favourites-page">
      <p className="eyebrow">
        <Link to="/account/favourites">Your favourites</Link>
      </p>
      <h1>{list.name}</h1>
      {list.description ? <p className="form-lead">{list.description}</p> : null}
      <Notice message={notice} />
      <p className="listing__actions">
        <Link to={`${list.href}?edit=1`} className="button button--quiet" preventScrollReset>
          Edit list
        </Link>
        {publicUrl ? <Link to={publicUrl}>Public page of this list</Link> : null}
      </p>
      <KeepOffline kind="list" id={String(list.id)} title={list.name} />
      {enhanced ? (
        <Modal title={`Edit ${list.name}`} open={editing} onClose={() => navigate(list.href, { preventScrollReset: true, replace: true })}>
          <EditList list={list} />
        </Modal>
      ) : editing ? (
        <section className="form-panel" aria-label={`Edit ${list.name}`}>
          <EditList list={list} />
        </section>
      ) : null}
      <FavouriteCards cards={cards} removable={true} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.list.name} — Your favourites — Pawroute` : "Your favourites — Pawroute" }];

export function ErrorBoundary() {
  return <StatusPage />;
}

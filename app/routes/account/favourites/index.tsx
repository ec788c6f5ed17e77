import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { TextField } from "../../../components/forms/Field";
import { IntentForm } from "../../../components/forms/IntentForm";
import { favouritesIndex, favouritesIndexAction } from "../../../favourites/account.server";
import { newListValidator } from "../../../favourites/schemas";
import listingStyles from "../../../styles/listing.css?url";
import { AccountPage } from "../../../components/account/AccountPage";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: listingStyles }];

export const meta: MetaFunction = () => [{ title: "Your favourites — Pawroute" }];

/** /account/favourites: the member's lists, with add list and edit list. */
export function loader({ request }: LoaderFunctionArgs) {
  return favouritesIndex(request);
}

export function action({ request }: ActionFunctionArgs) {
  return favouritesIndexAction(request);
}

export default function Favourites() {
  const { lists, notice, clientKey } = useLoaderData<typeof loader>();
  return (
    <AccountPage title="Your favourites" className="favourites-page" notice={notice}>
      <p>
        <Link to="/account/favourites/all">See all your favourites</Link>
      </p>
      {lists.length === 0 ? <p>You have no lists yet. Save a place with the heart on its page, or add a list below.</p> : null}
      <ul className="favourite-lists__items">
        {lists.map((list) => (
          <li key={list.id} className="favourite-lists__item">
            <span className="favourite-lists__name">
              <Link to={list.href}>{list.name}</Link> <span className="favourite-lists__count">({list.count === 1 ? "1 place" : `${list.count} places`})</span>
            </span>
            <Link to={`${list.href}?edit=1`} className="button button--quiet">
              Edit list<span className="visually-hidden"> {list.name}</span>
            </Link>
          </li>
        ))}
      </ul>
      <section className="form-panel" aria-labelledby="add-list-title">
        <h2 id="add-list-title">Add a list</h2>
        <IntentForm validator={newListValidator} id="add-list" intent="create" submit="Add list" pending="Adding…" resetAfterSubmit>
          <input type="hidden" name="clientKey" value={clientKey} />
          <TextField formId="add-list" name="name" label="Name of the new list" maxLength={80} />
        </IntentForm>
      </section>
    </AccountPage>
  );
}

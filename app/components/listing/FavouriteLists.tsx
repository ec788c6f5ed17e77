import { Form, Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ValidatedForm } from "remix-validated-form";
import { newListValidator } from "../../favourites/schemas";
import { TextField } from "../forms/Field";
import { BusyButton } from "../forms/BusyButton";
import { SubmitButton } from "../forms/FormParts";

export interface FavouritePageData {
  listing: { url: string; title: string };
  lists: { id: number; name: string; count: number; saved: boolean }[];
  username: string | null;
  /** The list just made (pages without JavaScript: ?created=id). */
  created: number | null;
  /** The new-list form's key: a retried creation returns the first list (decision 0258). */
  clientKey: string;
}

/** A new list's page is public: the note says so and where it is. */
function CreatedNote({ name, id, username }: { name: string; id: number; username: string | null }) {
  return (
    <p className="form-notice" role="status">
      Your list {name} has been added. {username ? (
        <>
          Its page is public: anyone with the link can see it at <Link to={`/profile/${username}/favourites/${id}`}>{`/profile/${username}/favourites/${id}`}</Link>.
        </>
      ) : (
        <>Once you choose a username, it also has a public page anyone with the link can see.</>
      )}
    </p>
  );
}

/**
 * The list editor of /{type}/{slug}/favourite (page and modal): each list's 'Add to list' / 'Saved'
 * button and a new-list form. In the modal (`onChange`) forms post through fetchers and the lists reload.
 */
export function FavouriteLists({ data, onChange }: { data: FavouritePageData; onChange?: () => void }) {
  const action = `${data.listing.url}/favourite`;
  const creator = useFetcher<{ created?: number; added?: string }>();
  useAfterSubmit(creator.state, onChange);
  const createdHere = creator.state === "idle" && creator.data?.created ? { id: creator.data.created, name: creator.data.added ?? "" } : null;
  const createdBefore = data.created ? data.lists.find((list) => list.id === data.created) : undefined;
  const created = createdHere ?? (createdBefore ? { id: createdBefore.id, name: createdBefore.name } : null);
  return (
    <div className="favourite-lists">
      {created ? <CreatedNote name={created.name} id={created.id} username={data.username} /> : null}
      {data.lists.length > 0 ? (
        <ul className="favourite-lists__items">
          {data.lists.map((list) => (
            <li key={list.id} className="favourite-lists__item">
              <span className="favourite-lists__name">
                {list.name} <span className="favourite-lists__count">({list.count === 1 ? "1 place" : `${list.count} places`})</span>
              </span>
              <ListButton action={action} listId={list.id} saved={list.saved} name={list.name} onChange={onChange} />
            </li>
          ))}
        </ul>
      ) : (
        <p>You have no lists yet. Make your first one below.</p>
      )}
      <ValidatedForm validator={newListValidator} method="post" action={action} id="new-list" fetcher={onChange ? creator : undefined} noValidate className="favourite-lists__new" resetAfterSubmit>
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="clientKey" value={data.clientKey} />
        {onChange ? <input type="hidden" name="respond" value="json" /> : null}
        <TextField formId="new-list" name="name" label="New list" maxLength={80} />
        <SubmitButton pending="Adding…">Add to a new list</SubmitButton>
      </ValidatedForm>
      <p className="favourite-lists__all">
        <Link to="/account/favourites">All your favourites lists</Link>
      </p>
    </div>
  );
}

function ListButton({ action, listId, saved, name, onChange }: { action: string; listId: number; saved: boolean; name: string; onChange?: () => void }) {
  const fetcher = useFetcher();
  useAfterSubmit(fetcher.state, onChange);
  const FormElement = onChange ? fetcher.Form : Form;
  return (
    <FormElement method="post" action={action}>
      <input type="hidden" name="intent" value={saved ? "remove" : "add"} />
      {onChange ? <input type="hidden" name="respond" value="json" /> : null}
      <BusyButton
        name="listId"
        value={listId}
        fetcherState={onChange ? fetcher.state : undefined}
        pending={saved ? "Removing…" : "Adding…"}
        className={saved ? "button button--saved" : "button button--quiet"}
        aria-pressed={saved}
        aria-label={`${saved ? "Saved" : "Add to list"}: ${name}`}
      >
        {saved ? "Saved" : "Add to list"}
      </BusyButton>
    </FormElement>
  );
}

/** Calls `done` once each time a fetcher's submission finishes (busy → idle), never on other renders. */
function useAfterSubmit(state: "idle" | "loading" | "submitting", done: (() => void) | undefined) {
  const previous = useRef(state);
  useEffect(() => {
    if (previous.current !== "idle" && state === "idle") done?.();
    previous.current = state;
  }, [state, done]);
}

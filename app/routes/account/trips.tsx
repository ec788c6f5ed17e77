import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AccountPage } from "../../components/account/AccountPage";
import { BusyButton } from "../../components/forms/BusyButton";
import { KeepOffline } from "../../components/offline/KeepOffline";
import { yourTrips, yourTripsAction } from "../../trips/account.server";
import tripStyles from "../../styles/trip.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: tripStyles }];

export const meta: MetaFunction = () => [{ title: "Your trips — Pawroute" }];

/** /account/trips: the member's saved trips, to open, rename, share (a read-only link) and delete. */
export function loader({ request }: LoaderFunctionArgs) {
  return yourTrips(request);
}

export function action({ request }: ActionFunctionArgs) {
  return yourTripsAction(request);
}

function IntentButton({ id, intent, label, pending, danger = false }: { id: number; intent: string; label: React.ReactNode; pending: string; danger?: boolean }) {
  return (
    <Form method="post" className="saved-trip__form">
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="intent" value={intent} />
      <BusyButton pending={pending} name="button" value={`${intent}-${id}`} className={danger ? "button button--danger" : "button button--quiet"}>
        {label}
      </BusyButton>
    </Form>
  );
}

export default function YourTrips() {
  const { trips, notice } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const errors = failed && "fieldErrors" in failed ? failed.fieldErrors : {};
  const typed: Record<string, unknown> = (failed && "repopulateFields" in failed ? failed.repopulateFields : undefined) ?? {};
  return (
    <AccountPage title="Your trips" className="trips-page" notice={notice}>
      {failed && "message" in failed ? (
        <p className="form-alert" role="alert">
          {failed.message}
        </p>
      ) : null}
      <p>
        <Link to="/trip">Plan a new trip</Link>: a drive with a dog break every couple of hours.
      </p>
      {trips.length === 0 ? <p>You have no saved trips yet. Plan a drive and choose “Save this trip”.</p> : null}
      <ul className="saved-trips">
        {trips.map((trip) => {
          const nameError = errors[`name-${trip.id}`];
          return (
            <li key={trip.id} className="saved-trip">
              <h2 className="saved-trip__name">
                <Link to={`/trip?${trip.query}`}>{trip.name}</Link>
              </h2>
              {trip.shareId ? (
                <p className="saved-trip__share">
                  Shared: <Link to={`/trips/${trip.shareId}`}>{`/trips/${trip.shareId}`}</Link>
                </p>
              ) : (
                <p className="saved-trip__share">Not shared</p>
              )}
              <div className="saved-trip__actions">
                <Form method="post" className="saved-trip__form saved-trip__rename">
                  <input type="hidden" name="id" value={trip.id} />
                  <input type="hidden" name="intent" value="rename" />
                  <label htmlFor={`name-${trip.id}`} className="visually-hidden">
                    New name for {trip.name}
                  </label>
                  <input
                    id={`name-${trip.id}`}
                    name="name"
                    className="field__input"
                    maxLength={80}
                    defaultValue={nameError && typed.id === String(trip.id) ? String(typed.name ?? "") : trip.name}
                    aria-invalid={nameError ? true : undefined}
                    aria-describedby={nameError ? `name-${trip.id}-error` : undefined}
                  />
                  <BusyButton pending="Renaming…" name="button" value={`rename-${trip.id}`} className="button button--quiet">
                    Rename<span className="visually-hidden"> {trip.name}</span>
                  </BusyButton>
                  {nameError ? (
                    <p id={`name-${trip.id}-error`} className="field__error">
                      {nameError}
                    </p>
                  ) : null}
                </Form>
                {trip.shareId ? (
                  <IntentButton id={trip.id} intent="unshare" pending="Stopping…" label={<>Stop sharing<span className="visually-hidden"> {trip.name}</span></>} />
                ) : (
                  <IntentButton id={trip.id} intent="share" pending="Sharing…" label={<>Share a read-only link<span className="visually-hidden"> to {trip.name}</span></>} />
                )}
                <KeepOffline kind="trip" id={String(trip.id)} title={trip.name} />
                <IntentButton id={trip.id} intent="delete" pending="Deleting…" danger label={<>Delete<span className="visually-hidden"> {trip.name}</span></>} />
              </div>
            </li>
          );
        })}
      </ul>
    </AccountPage>
  );
}

import { Link, useFetcher, type FetcherWithComponents } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Checklist as ChecklistData, ChecklistItem } from "../../members/types";
import type { loader as referralLoader } from "../../routes/account/refer-a-friend";
import type { loader as socialLoader } from "../../routes/account/social-media";
import { formErrorOf } from "../forms/FormParts";
import { SettingsModalLink, type LoadedData } from "../forms/SettingsModalLink";
import { ReferralForm } from "./ReferralForm";
import { SocialMediaForm } from "./SocialMediaForm";

/**
 * An item's action that opens its page in a modal. It stays mounted once the item is done: its form marks
 * the item done, and the modal must keep showing its answer ("We have sent your invitation…") after the
 * page revalidates.
 */
function ModalAction<L>({ item, title, render }: { item: ChecklistItem; title: string; render: (data: LoadedData<L>, fetcher: FetcherWithComponents<unknown>) => ReactNode }) {
  return <SettingsModalLink<L> href={item.href} title={title} label={item.action} hideTrigger={item.done} className="button button--quiet button--small" render={render} />;
}

function ItemAction({ item }: { item: ChecklistItem }) {
  if (item.id === "social-media") return <ModalAction<typeof socialLoader> item={item} title="Follow Pawroute" render={(data, fetcher) => <SocialMediaForm data={data} fetcher={fetcher} />} />;
  if (item.id === "refer-a-friend") return <ModalAction<typeof referralLoader> item={item} title="Refer a friend" render={(data, fetcher) => <ReferralForm data={data} fetcher={fetcher} />} />;
  return item.done ? null : (
    <Link to={item.href} className="button button--quiet button--small">
      {item.action}
    </Link>
  );
}

/** Dismisses the checklist or brings it back (the spec's POST users/me/checklist/dismiss and its undo). */
function ChecklistToggle({ fetcher, intent, className, buttonClass, children }: { fetcher: FetcherWithComponents<unknown>; intent: "dismiss" | "restore"; className: string; buttonClass: string; children: ReactNode }) {
  return (
    <fetcher.Form method="post" className={className}>
      <button type="submit" name="intent" value={intent} className={buttonClass}>
        {children}
      </button>
    </fetcher.Form>
  );
}

/**
 * The account checklist. It opens and closes as a <details> (no JavaScript needed); dismissing hides it at
 * once and, if the server refuses, it comes back with the server's message (spec §8).
 */
export function Checklist({ checklist }: { checklist: ChecklistData }) {
  const fetcher = useFetcher<unknown>();
  const intent = fetcher.formData?.get("intent");
  const error = fetcher.state === "idle" ? formErrorOf(fetcher.data) : null;
  const dismissed =
    intent === "dismiss"
      ? true
      : intent === "restore"
      ? false
      : checklist.dismissed;
  const total = checklist.items.length;

  if (dismissed) {
    return (
      <ChecklistToggle fetcher={fetcher} intent="restore" className="checklist-restore" buttonClass="button button--quiet">
        Show your checklist again
      </ChecklistToggle>
    );
  }

  return (
    <section
      className="account-card checklist"
      aria-labelledby="checklist-heading"
    >
      {error ? (
        <p className="form-alert" role="alert">
          {error}
        </p>
      ) : null}
      <details open={checklist.doneCount < total}>
        <summary className="checklist__summary">
          <h2 id="checklist-heading">Your checklist</h2>
          <span className="checklist__progress">
            {checklist.doneCount} of {total} done
          </span>
        </summary>
        <progress
          className="checklist__bar"
          max={total}
          value={checklist.doneCount}
          aria-label="Checklist progress"
        >
          {checklist.doneCount} of {total}
        </progress>
        <ul className="checklist__items">
          {checklist.items.map((item) => (
            <li
              key={item.id}
              className={`checklist__item${
                item.done ? " checklist__item--done" : ""
              }`}
              data-item={item.id}
              data-done={item.done}
            >
              <span className="checklist__mark" aria-hidden="true">
                {item.done ? "✓" : ""}
              </span>
              <span className="checklist__label">
                {item.label}
                {item.done ? (
                  <span className="visually-hidden"> (done)</span>
                ) : null}
              </span>
              <ItemAction item={item} />
            </li>
          ))}
        </ul>
        <ChecklistToggle fetcher={fetcher} intent="dismiss" className="checklist__dismiss" buttonClass="button button--quiet button--small">
          Dismiss the checklist
        </ChecklistToggle>
      </details>
    </section>
  );
}

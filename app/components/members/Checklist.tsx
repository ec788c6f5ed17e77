import { Link, useFetcher } from "@remix-run/react";
import type { Checklist as ChecklistData } from "../../members/types";
import type { loader as referralLoader } from "../../routes/account/refer-a-friend";
import type { loader as socialLoader } from "../../routes/account/social-media";
import { formErrorOf } from "../forms/FormParts";
import { SettingsModalLink } from "../forms/SettingsModalLink";
import { ReferralForm } from "./ReferralForm";
import { SocialMediaForm } from "./SocialMediaForm";

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
      <fetcher.Form method="post" className="checklist-restore">
        <button
          type="submit"
          name="intent"
          value="restore"
          className="button button--quiet"
        >
          Show your checklist again
        </button>
      </fetcher.Form>
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
              {/* The modal items stay mounted once done: their form marks the item done, and the modal
                  must keep showing its answer ("We have sent your invitation…") after the page revalidates. */}
              {item.id === "social-media" ? (
                <SettingsModalLink<typeof socialLoader>
                  href={item.href}
                  title="Follow Pawroute"
                  label={item.action}
                  hideTrigger={item.done}
                  className="button button--quiet button--small"
                  render={(data, fetcher) => (
                    <SocialMediaForm data={data} fetcher={fetcher} />
                  )}
                />
              ) : item.id === "refer-a-friend" ? (
                <SettingsModalLink<typeof referralLoader>
                  href={item.href}
                  title="Refer a friend"
                  label={item.action}
                  hideTrigger={item.done}
                  className="button button--quiet button--small"
                  render={(data, fetcher) => (
                    <ReferralForm data={data} fetcher={fetcher} />
                  )}
                />
              ) : item.done ? null : (
                <Link
                  to={item.href}
                  className="button button--quiet button--small"
                >
                  {item.action}
                </Link>
              )}
            </li>
          ))}
        </ul>
        <fetcher.Form method="post" className="checklist__dismiss">
          <button
            type="submit"
            name="intent"
            value="dismiss"
            className="button button--quiet button--small"
          >
            Dismiss the checklist
          </button>
        </fetcher.Form>
      </details>
    </section>
  );
}

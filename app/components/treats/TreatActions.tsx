import { Link } from "@remix-run/react";
import { SettingsModalLink } from "../forms/SettingsModalLink";
import type { AwardedTreatView } from "../../treats/types";
import { GiftForm, type GiftFormData } from "./GiftForm";
import { RedeemControl } from "./RedeemControl";

/** Redeem, gift and more information; a Treat that is not active keeps its buttons, disabled. */
export function TreatActions({ treat, details = true }: { treat: AwardedTreatView; details?: boolean }) {
  const active = treat.status === "active";
  return (
    <>
      {treat.paysForSubscription ? (
        active ? (
          <Link to="/subscriptions" className="button button--accent button--small">
            Use it when you subscribe
          </Link>
        ) : null
      ) : (
        <RedeemControl hexId={treat.hexId} name={treat.option.name} disabled={!active} />
      )}
      {active ? (
        <SettingsModalLink<GiftFormData>
          href={`/account/treats/${treat.hexId}/gift`}
          title="Gift this Treat"
          label={
            <>
              Gift<span className="visually-hidden"> {treat.option.name}</span>
            </>
          }
          className="button button--quiet button--small"
          render={(data, fetcher) => <GiftForm data={data} fetcher={fetcher} />}
        />
      ) : (
        <button type="button" className="button button--quiet button--small" disabled>
          Gift<span className="visually-hidden"> {treat.option.name}</span>
        </button>
      )}
      {details ? (
        <Link to={`/account/treats/${treat.hexId}`} className="button button--quiet button--small">
          More information<span className="visually-hidden"> about {treat.option.name}</span>
        </Link>
      ) : null}
    </>
  );
}

import { formatPence } from "../../../kit/format";
import { useState } from "react";
import { type Plan } from "../../payments/plans";

/** The plans side by side: price, period, features (full or fewer details) and the plan-details disclosure. */
export function PlanCards({ plans, choose, current }: { plans: readonly Plan[]; choose: (option: string) => string; current?: string }) {
  const [full, setFull] = useState(false);
  return (
    <div className="plans">
      <ul className="plans__list">
        {plans.map((plan) => (
          <li key={plan.option} className="plan-card">
            <h2 className="plan-card__name">{plan.name}</h2>
            <p className="plan-card__price">
              <strong>{formatPence(plan.pricePence)}</strong> {plan.periodMonths === 1 ? "a month" : `for ${plan.periodMonths} months`}
            </p>
            <p>{plan.summary}</p>
            <ul className="plan-card__features">
              {(full ? plan.features : plan.features.slice(0, 1)).map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            <details className="plan-card__details">
              <summary>Plan details</summary>
              <ul>
                {plan.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              <p>Treats: {plan.treats.join(", ")}.</p>
            </details>
            {current === plan.option ? (
              <p className="plan-card__current">Your plan</p>
            ) : (
              <a className="button button--accent" href={choose(plan.option)}>
                Choose {plan.name}
              </a>
            )}
          </li>
        ))}
      </ul>
      <button type="button" className="button button--quiet plans__toggle" aria-pressed={full} onClick={() => setFull(!full)}>
        {full ? "Fewer details" : "Full details"}
      </button>
    </div>
  );
}

// The prize flow (spec §4): a plain form per Treat that pays for the plan, posted to /payment as the
// spec's {paymentMethod, method=3}. It works without JavaScript; with it, BusyButton shows the loading
// state and ignores repeat clicks. Errors of this form are shown here (spec §8).
import { formatDate } from "../../../kit/format";
import { Form } from "@remix-run/react";
import type { TreatPaymentView } from "../../payments/types";
import { BusyButton } from "../forms/BusyButton";

export interface TreatPaymentProps {
  treats: TreatPaymentView[];
  option: string;
  planName: string;
  next: string | null;
  context: string | null;
  error: string | null;
  /** On the renew and enable-autorenew pages: the Treat adds its months to the current subscription. */
  subscriber?: boolean;
}

export function TreatPayment({ treats, option, planName, next, context, error, subscriber = false }: TreatPaymentProps) {
  return (
    <section className="account-card payment__treat" aria-labelledby="treat-title">
      <h2 id="treat-title">Pay with a Treat</h2>
      {treats.length ? (
        <p>
          {subscriber
            ? `You have won a Treat that pays for more of your ${planName} plan: its months are added to your subscription, and nothing is charged to a card.`
            : `You have won a Treat that pays for the ${planName} plan. Nothing is charged to a card, and automatic renewal stays off until you add a card.`}
        </p>
      ) : null}
      {error ? (
        <div className="form-alert" role="alert">
          {error}
        </div>
      ) : null}
      {treats.map((treat) => (
        <Form method="post" key={treat.hexId} className="payment__saved">
          <input type="hidden" name="method" value="3" />
          <input type="hidden" name="option" value={option} />
          {next ? <input type="hidden" name="next" value={next} /> : null}
          {context ? <input type="hidden" name="context" value={context} /> : null}
          <BusyButton className="button button--accent" pending="Using your Treat…" name="paymentMethod" value={treat.hexId}>
            Pay with your Treat: {treat.name}
          </BusyButton>
          <p className="payment__treat-note">
            {treat.months === 1 ? "One month" : `${treat.months} months`} of {planName}
            {treat.expiresAt ? `; use it by ${formatDate(treat.expiresAt)}` : ""}.
          </p>
        </Form>
      ))}
    </section>
  );
}

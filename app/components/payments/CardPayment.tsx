// The card form (spec §4): Stripe Elements' card element; on submit a SetupIntent from
// users/me/payment/stripe/setup, confirmCardSetup, then the payment call; while the answer asks for
// extra authentication, handleCardAction and the same call again with payment_intent. Stripe.js is
// loaded from configuration (the local stand-in without keys), never from a hard-coded address.
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { cardErrorMessage, PAYMENT_MESSAGES } from "../../payments/messages";
import type { CardFormConfig } from "../../payments/types";

export interface Answer {
  status?: "succeeded" | "requires_action";
  id?: number;
  expiryDate?: string;
  client_secret?: string;
  payment_intent?: string;
  message?: string;
}

export async function post(url: string, body: Record<string, unknown>): Promise<{ ok: boolean; json: Answer }> {
  try {
    const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body) });
    const json = (await response.json().catch(() => ({}))) as Answer;
    return { ok: response.ok, json };
  } catch {
    return { ok: false, json: {} };
  }
}

/** Loads the configured Stripe.js once and makes the client; null until then, "failed" if it cannot load. */
function useStripeJs(config: CardFormConfig): Stripe | null | "failed" {
  const [stripe, setStripe] = useState<Stripe | null | "failed">(null);
  useEffect(() => {
    const make = () => (window.Stripe ? setStripe(window.Stripe(config.publishableKey)) : setStripe("failed"));
    if (window.Stripe) {
      make();
      return;
    }
    const script = document.createElement("script");
    script.src = config.jsUrl;
    script.async = true;
    script.onload = make;
    script.onerror = () => {
      console.warn("Stripe.js could not be loaded");
      setStripe("failed");
    };
    document.head.appendChild(script);
  }, [config.jsUrl, config.publishableKey]);
  return stripe;
}

export interface CardPaymentProps {
  config: CardFormConfig;
  /** The payment call: users/me/paymentMethod (a new subscription) or users/me/subscriptions/current/renew. */
  endpoint: string;
  /** Sent with every call (plan option, checkout key, friendly discount). */
  extra: Record<string, string>;
  submitLabel: string;
  /** Where to go once paid, from the answer. */
  successHref: (answer: { id: number; expiryDate: string }) => string;
}

export function CardPayment(props: CardPaymentProps) {
  const stripe = useStripeJs(props.config);
  if (stripe === "failed") {
    return (
      <div className="form-alert" role="alert">
        {PAYMENT_MESSAGES.initFailed}
      </div>
    );
  }
  if (!stripe) {
    return (
      <p className="card-payment__loading" role="status">
        Loading the card form…
      </p>
    );
  }
  return (
    <Elements stripe={stripe}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ endpoint, extra, submitLabel, successHref }: CardPaymentProps) {
  const stripe = useStripe();
  const elements = useElements();
  const navigate = useNavigate();
  const busyRef = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function pay(): Promise<string | null> {
    if (!stripe || !elements) return PAYMENT_MESSAGES.initFailed;
    const setup = await post("/api/users/me/payment/stripe/setup", {});
    const clientSecret = (setup.json as { clientSecret?: string }).clientSecret;
    if (!setup.ok || !clientSecret) return PAYMENT_MESSAGES.initFailed;
    const card = elements.getElement(CardElement);
    if (!card) return PAYMENT_MESSAGES.initFailed;
    const confirmed = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
    if (confirmed.error) return cardErrorMessage(confirmed.error);
    const paymentMethod = confirmed.setupIntent.payment_method;
    let body: Record<string, unknown> = { ...extra, method: 2, paymentMethod: typeof paymentMethod === "string" ? paymentMethod : paymentMethod?.id };
    // The spec's loop: registration may ask for extra authentication again after each round.
    for (let round = 0; round < 10; round++) {
      const answer = await post(endpoint, body);
      if (!answer.ok) return answer.json.message ?? cardErrorMessage({});
      if (answer.json.status === "succeeded" && answer.json.id !== undefined) {
        navigate(successHref({ id: answer.json.id, expiryDate: answer.json.expiryDate ?? "" }));
        return null;
      }
      if (answer.json.status !== "requires_action" || !answer.json.client_secret) return cardErrorMessage({});
      const authenticated = await stripe.handleCardAction(answer.json.client_secret);
      if (authenticated.error) return cardErrorMessage(authenticated.error);
      body = { ...body, payment_intent: answer.json.payment_intent };
    }
    return cardErrorMessage({});
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setError(null);
    try {
      const message = await pay();
      if (message) setError(message);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  return (
    <form className="card-payment" onSubmit={onSubmit} noValidate aria-label="Pay by card">
      <fieldset className="card-payment__card" disabled={busy}>
        <legend>Card details</legend>
        <CardElement options={{ hidePostalCode: true }} />
      </fieldset>
      {error ? (
        <div className="form-alert" role="alert">
          {error}
        </div>
      ) : null}
      <button type="submit" className="button button--accent card-payment__submit" disabled={busy || !stripe} aria-busy={busy || undefined}>
        {busy ? "Paying…" : submitLabel}
      </button>
      <p className="card-payment__brands">We accept Visa, Mastercard, Maestro and American Express.</p>
    </form>
  );
}

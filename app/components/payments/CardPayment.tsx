// The card form (spec §4): Stripe Elements' card element; on submit the card flow of register-payment.ts
// (SetupIntent, confirmCardSetup, the payment call with the extra-authentication loop), and a wallet
// button above it when asked for and the browser has one. Stripe.js is loaded from configuration (the
// local stand-in without keys), never from a hard-coded address.
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { PAYMENT_MESSAGES } from "../../payments/messages";
import type { CardFormConfig } from "../../payments/types";
import { registerPayment, setUpCard } from "./register-payment";
import { CardBrands } from "./CardBrands";
import { WalletPayment } from "./WalletPayment";

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
  /** Offer a wallet (Apple Pay, Google Pay) for this amount when the browser has one (spec §4). */
  wallet?: { amountPence: number; label: string };
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
      {props.wallet ? <WalletPayment {...props} wallet={props.wallet} /> : null}
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
    const card = elements.getElement(CardElement);
    if (!card) return PAYMENT_MESSAGES.initFailed;
    const setup = await setUpCard(stripe, card);
    if ("error" in setup) return setup.error;
    const registered = await registerPayment(stripe, endpoint, { ...extra, method: 2, paymentMethod: setup.paymentMethod });
    if (!registered.ok) return registered.message;
    navigate(successHref(registered));
    return null;
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
        <CardBrands />
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
    </form>
  );
}

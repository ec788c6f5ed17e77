// The wallet payment request (spec §4): Apple Pay or Google Pay through Stripe.js' paymentRequest
// (country GB, currency GBP, the amount in pence), offered only when canMakePayment says the browser has
// one. The wallet's payment method goes through the same server path as a typed card: SetupIntent,
// confirm, the payment call (method 2) with the extra-authentication loop.
import { formatPence } from "../../../kit/format";
import { useStripe } from "@stripe/react-stripe-js";
import type { PaymentRequest } from "@stripe/stripe-js";
import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { registerPayment, setUpCard } from "./register-payment";

export interface WalletPaymentProps {
  wallet: { amountPence: number; label: string };
  endpoint: string;
  extra: Record<string, string>;
  successHref: (answer: { id: number; expiryDate: string }) => string;
}

export function WalletPayment(props: WalletPaymentProps) {
  const stripe = useStripe();
  const navigate = useNavigate();
  const latest = useRef(props);
  latest.current = props;
  const [request, setRequest] = useState<PaymentRequest | null>(null);
  const [walletName, setWalletName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { amountPence, label } = props.wallet;

  useEffect(() => {
    if (!stripe) return;
    let live = true;
    const paymentRequest = stripe.paymentRequest({ country: "GB", currency: "gbp", total: { label, amount: amountPence }, requestPayerName: false, requestPayerEmail: false });
    paymentRequest.canMakePayment().then(
      (result) => {
        if (!live || !result) return;
        setWalletName(result.applePay ? "Apple Pay" : result.googlePay ? "Google Pay" : "your browser's wallet");
        setRequest(paymentRequest);
      },
      () => undefined,
    );
    paymentRequest.on("cancel", () => setBusy(false));
    paymentRequest.on("paymentmethod", (event) => {
      void (async () => {
        const { endpoint, extra, successHref } = latest.current;
        setError(null);
        const setup = await setUpCard(stripe, event.paymentMethod.id);
        if ("error" in setup) {
          event.complete("fail");
          setError(setup.error);
          setBusy(false);
          return;
        }
        event.complete("success");
        const registered = await registerPayment(stripe, endpoint, { ...extra, method: 2, paymentMethod: setup.paymentMethod });
        if (registered.ok) {
          navigate(successHref(registered));
          return;
        }
        setError(registered.message);
        setBusy(false);
      })();
    });
    return () => {
      live = false;
      paymentRequest.off("paymentmethod");
      paymentRequest.off("cancel");
    };
  }, [stripe, amountPence, label, navigate]);

  if (!request) return null;
  return (
    <div className="wallet-payment">
      <button
        type="button"
        className="button wallet-payment__button"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => {
          setBusy(true);
          request.show();
        }}
      >
        {busy ? "Paying…" : `Pay ${formatPence(amountPence)} with ${walletName}`}
      </button>
      {error ? (
        <div className="form-alert" role="alert">
          {error}
        </div>
      ) : null}
      <p className="wallet-payment__or">or pay by card</p>
    </div>
  );
}

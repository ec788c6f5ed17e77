// The PayPal button (spec §4, §8, §9) with @paypal/react-paypal-js, vault flow: createVaultSetupToken asks
// the server for a setup token, the payer approves it in PayPal's window, onApprove sends it as the
// nonce ({nonce, method: 1}) to the payment call. Cancelling only logs; an error shows the spec's message;
// an SDK that cannot load is logged and the whole section disappears. The SDK is loaded from
// configuration (the local stand-in without keys, docs/decisions/0123-paypal-vault-and-stand-in.md).
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from "@paypal/react-paypal-js";
import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { PAYMENT_MESSAGES } from "../../payments/messages";
import type { PayPalButtonConfig } from "../../payments/types";
import type { CardPaymentProps } from "./CardPayment";
import { post } from "./register-payment";

/** The card form's payment call, its extra fields and where success goes; plus what the payer pays for. */
export interface PayPalButtonProps extends Pick<CardPaymentProps, "endpoint" | "extra" | "successHref"> {
  config: PayPalButtonConfig;
  summary: string;
}

export function PayPalButton(props: PayPalButtonProps) {
  return (
    <PayPalScriptProvider
      options={{
        clientId: props.config.clientId,
        sdkBaseUrl: props.config.sdkUrl,
        components: "buttons",
        currency: "GBP",
        // §9: card funding allowed.
        enableFunding: "card",
      }}
    >
      <PayPalSection {...props} />
    </PayPalScriptProvider>
  );
}

function PayPalSection({ endpoint, extra, summary, successHref }: PayPalButtonProps) {
  const [{ isRejected, isPending }] = usePayPalScriptReducer();
  const navigate = useNavigate();
  const busyRef = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    // Initialisation failure: logged, silent (the section is removed).
    if (isRejected) console.warn("PayPal could not be initialised; the PayPal button is not offered.");
  }, [isRejected]);
  if (isRejected) return null;

  async function createVaultSetupToken(): Promise<string> {
    setError(null);
    const answer = await post("/api/users/me/payment/paypal/setup", {});
    const id = (answer.json as { id?: unknown }).id;
    if (!answer.ok || typeof id !== "string") throw new Error(answer.json.message ?? "The PayPal setup token could not be created.");
    return id;
  }

  async function onApprove(data: { vaultSetupToken?: string | null }): Promise<void> {
    if (busyRef.current) return;
    if (!data.vaultSetupToken) throw new Error("PayPal approved nothing.");
    busyRef.current = true;
    setBusy(true);
    try {
      const answer = await post(endpoint, { ...extra, method: 1, nonce: data.vaultSetupToken });
      if (!answer.ok || answer.json.status !== "succeeded" || answer.json.id === undefined) throw new Error(answer.json.message ?? "The PayPal payment was not taken.");
      navigate(successHref({ id: answer.json.id, expiryDate: answer.json.expiryDate ?? "" }));
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  return (
    <section className="account-card payment__paypal" aria-labelledby="paypal-title">
      <h2 id="paypal-title">Pay with PayPal</h2>
      <p>{summary}</p>
      {isPending ? (
        <p className="card-payment__loading" role="status">
          Loading PayPal…
        </p>
      ) : null}
      {busy ? (
        <p className="card-payment__loading" role="status">
          Paying with PayPal…
        </p>
      ) : null}
      <div className="payment__paypal-button">
        <PayPalButtons
          disabled={busy}
          // §9: responsive, blue, PayPal label, no tagline; vault flow, shipping address disabled (on the setup token).
          style={{ layout: "horizontal", color: "blue", label: "paypal", tagline: false, shape: "rect" }}
          createVaultSetupToken={createVaultSetupToken}
          onApprove={onApprove}
          onCancel={() => console.info("PayPal payment cancelled by the payer.")}
          onError={(reason) => {
            console.warn("PayPal payment failed:", reason);
            setError(PAYMENT_MESSAGES.paypalFailed);
          }}
        />
      </div>
      {error ? (
        <div className="form-alert" role="alert">
          {error}
        </div>
      ) : null}
    </section>
  );
}

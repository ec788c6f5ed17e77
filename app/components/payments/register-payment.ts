// The client side of the spec's card flow, shared by the card form and the wallet button: a SetupIntent
// from users/me/payment/stripe/setup, confirmCardSetup, then the payment call; while the answer asks for
// extra authentication, handleCardAction and the same call again with payment_intent.
import type { Stripe, StripeCardElement } from "@stripe/stripe-js";
import { cardErrorMessage, PAYMENT_MESSAGES } from "../../payments/messages";

export interface Answer {
  status?: "succeeded" | "requires_action";
  id?: number;
  expiryDate?: string;
  client_secret?: string;
  payment_intent?: string;
  message?: string;
  clientSecret?: string;
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

/** Sets up a card (the card element, or a wallet's payment method id) for the member's customer: the payment method to register, or the message to show. */
export async function setUpCard(stripe: Stripe, card: StripeCardElement | string): Promise<{ paymentMethod: string } | { error: string }> {
  const setup = await post("/api/users/me/payment/stripe/setup", {});
  const clientSecret = setup.json.clientSecret;
  if (!setup.ok || !clientSecret) return { error: PAYMENT_MESSAGES.initFailed };
  // A wallet has already asked the member; its own sheet closes before any bank page is shown.
  const confirmed = typeof card === "string" ? await stripe.confirmCardSetup(clientSecret, { payment_method: card }, { handleActions: false }) : await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
  if (confirmed.error) return { error: cardErrorMessage(confirmed.error) };
  let intent = confirmed.setupIntent;
  if (intent.status === "requires_action") {
    const again = await stripe.confirmCardSetup(clientSecret);
    if (again.error) return { error: cardErrorMessage(again.error) };
    intent = again.setupIntent;
  }
  const paymentMethod = intent.payment_method;
  const id = typeof paymentMethod === "string" ? paymentMethod : paymentMethod?.id;
  return id ? { paymentMethod: id } : { error: PAYMENT_MESSAGES.initFailed };
}

export type Registered = { ok: true; id: number; expiryDate: string } | { ok: false; message: string };

/** The payment call and the spec's loop: registration may ask for extra authentication again after each round. */
export async function registerPayment(stripe: Stripe, endpoint: string, first: Record<string, unknown>): Promise<Registered> {
  let body = first;
  for (let round = 0; round < 10; round++) {
    const answer = await post(endpoint, body);
    if (!answer.ok) return { ok: false, message: answer.json.message ?? cardErrorMessage({}) };
    if (answer.json.status === "succeeded" && answer.json.id !== undefined) return { ok: true, id: answer.json.id, expiryDate: answer.json.expiryDate ?? "" };
    if (answer.json.status !== "requires_action" || !answer.json.client_secret) break;
    const authenticated = await stripe.handleCardAction(answer.json.client_secret);
    if (authenticated.error) return { ok: false, message: cardErrorMessage(authenticated.error) };
    body = { ...body, payment_intent: answer.json.payment_intent };
  }
  return { ok: false, message: cardErrorMessage({}) };
}

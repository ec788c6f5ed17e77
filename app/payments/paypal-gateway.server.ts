// The account gateway on PayPal (port.ts): vaulted accounts charged with Orders v2 (paypal.server.ts, which
// talks to PayPal or to the local stand-in).
import { AppError } from "../../core/errors";
import { PAYMENT_MESSAGES, WEBHOOK_MESSAGES } from "./messages";
import type { AccountGateway, ChargeOutcome } from "./port";
import { captureOwner, chargeVaulted, orderStatus, refundOrder, vaultPayPal, verifyWebhook, type PayPalCharge } from "./paypal.server";

function outcomeOf(attempt: PayPalCharge, chargeId: number): ChargeOutcome {
  if (attempt.outcome === "succeeded") return { status: "succeeded", ref: attempt.orderId };
  if (attempt.outcome === "pending") return { status: "pending", ref: attempt.orderId, code: "paypal_pending", message: PAYMENT_MESSAGES.paypalFailed };
  // A refusal without an order still gets a reference of its own, so the next attempt is a new PayPal-Request-Id.
  return { status: "declined", ref: attempt.orderId ?? `paypal-failed:${chargeId}:${Date.now()}`, failureCode: attempt.code, code: attempt.code, message: PAYMENT_MESSAGES.paypalFailed };
}

const readOrder: AccountGateway["readCharge"] = async ({ ref, amountPence, chargeId }) => outcomeOf(await orderStatus(ref, amountPence), chargeId);

export const paypalGateway: AccountGateway = {
  needsCustomer: false,
  confirmsAfterAuthentication: false,

  async createCharge(charge) {
    const attempt = await chargeVaulted({
      vaultId: charge.methodRef,
      amountPence: charge.amountPence,
      requestId: charge.idempotencyKey,
      chargeId: charge.chargeId,
      description: charge.description,
      offSession: charge.offSession,
    });
    return outcomeOf(attempt, charge.chargeId);
  },

  confirmCharge: readOrder,
  readCharge: readOrder,
  // A captured vault charge cannot be voided: an open one is only read.
  cancelCharge: readOrder,

  refundCharge: ({ ref, amountPence, idempotencyKey }) => refundOrder(ref, amountPence, idempotencyKey),

  // PayPal checks its own signature: the verify-webhook-signature call, with this installation's webhook id.
  async verifyEvent(payload, headers) {
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      throw new AppError(400, WEBHOOK_MESSAGES.unreadable, { code: "webhook_unreadable" });
    }
    if (!body || typeof body !== "object" || Array.isArray(body)) throw new AppError(400, WEBHOOK_MESSAGES.unreadable, { code: "webhook_unreadable" });
    if (!(await verifyWebhook(headers, body))) throw new AppError(400, WEBHOOK_MESSAGES.signature);
    return body;
  },

  async vaultAccount(memberId, approval) {
    return { ref: (await vaultPayPal(memberId, approval)).id };
  },

  captureOwner,
};

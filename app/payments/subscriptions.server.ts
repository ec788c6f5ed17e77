// Subscriptions and their money (docs/decisions/0120-payments.md): checkout with the extra-authentication
// loop, renew, automatic renewal, cancel, switch with proration, receipts. Every charge row has an
// idempotency key that is also the provider's Idempotency-Key, and one conditional UPDATE decides which
// request (or webhook) applies a succeeded charge, so doubled requests and replays change nothing.
import { formatDateShortYear } from "../../kit/format";
import { and, desc, eq, gt, isNull, ne, sql as rawSql } from "drizzle-orm";
import { affiliateLinks, charges, paymentCustomers, paymentMethods, receipts, renewalRequests, subscriptionEvents, subscriptions } from "../../db/schema";
import { audit } from "../admin/audit.server";
import type { SessionUser } from "../auth/guards.server";
import { db } from "../db.server";
import { AppError, found, invariant } from "../../core/errors";
import type { Transaction } from "../points/ledger.server";
import { discountPenceOf } from "./affiliate-links";
import { cardErrorMessage, DISCOUNT_MESSAGES, SUBSCRIPTION_MESSAGES } from "./messages";
import { consumeTreatForSubscription } from "../treats/awarded.server";
import { oneAtATime, APPLY_LOCK } from "./in-flight.server";
import { partPayingTreat, treatDiscountPence } from "./treat-discounts.server";
import { cardBrandName, findPlan, PAYMENT_METHOD, type Plan } from "./plans";
import { mailReceiptIn } from "./receipts.server";
import type { RenewalCardView } from "./types";
import { gatewayFor, gatewayOfCharge, paypalGateway, stripeGateway } from "./gateways.server";
import type { ChargeOutcome } from "./port";

type Charge = typeof charges.$inferSelect;
type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/** How a saved method reads on receipts and pages. */
function methodLabel(method: Pick<PaymentMethodRow, "method" | "brand" | "last4">): string {
  if (method.method === PAYMENT_METHOD.paypal) return "PayPal account";
  if (method.method === PAYMENT_METHOD.card) return `${cardBrandName(method.brand)} card ending ${method.last4}`;
  return `Treat: ${method.brand}`;
}

type Executor = Transaction | ReturnType<typeof db>;

/** The result a payment call answers: done, or the client must complete extra authentication and retry with payment_intent. */
export type PaymentResult = { status: "succeeded"; subscriptionId: number; expiryDate: string } | { status: "requires_action"; clientSecret: string; paymentIntent: string };

export function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

function planOf(option: string): Plan {
  const plan = findPlan(option);
  invariant(plan, 400, SUBSCRIPTION_MESSAGES.noPlan, { fieldErrors: { option: SUBSCRIPTION_MESSAGES.noPlan } });
  return plan;
}

/** The member's current subscription (not replaced by a switch), expired or not. */
export async function currentSubscription(userId: number, executor: Executor = db()) {
  const [row] = await executor.select().from(subscriptions).where(and(eq(subscriptions.userId, userId), isNull(subscriptions.endedAt))).limit(1);
  return row ?? null;
}

/** True while the member has a subscription that has not expired: premium access. */
export async function isSubscriber(userId: number): Promise<boolean> {
  const [row] = await db()
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), isNull(subscriptions.endedAt), gt(subscriptions.expiresAt, rawSql`now()`)))
    .limit(1);
  return Boolean(row);
}

async function customerOf(user: Pick<SessionUser, "id" | "email">): Promise<string> {
  const [existing] = await db().select().from(paymentCustomers).where(eq(paymentCustomers.userId, user.id));
  if (existing) return existing.stripeCustomerId;
  const customer = await stripeGateway.createCustomer(user);
  await db().insert(paymentCustomers).values({ userId: user.id, stripeCustomerId: customer }).onConflictDoNothing();
  const [row] = await db().select().from(paymentCustomers).where(eq(paymentCustomers.userId, user.id));
  return row.stripeCustomerId;
}

/** The spec's POST users/me/payment/stripe/setup: a SetupIntent's client secret for the card form. */
export async function createSetupIntent(user: SessionUser): Promise<{ clientSecret: string }> {
  const customer = await customerOf(user);
  const setup = await stripeGateway.createCardSetup(customer);
  return { clientSecret: found(setup.clientSecret, "Sorry, there was a problem. Please try again.") };
}

/** Saves a card the member set up (it must belong to their own customer) and answers its row id. */
async function registerCard(user: SessionUser, paymentMethodId: string): Promise<number> {
  const customer = await customerOf(user);
  const card = found(await stripeGateway.readCard(paymentMethodId), SUBSCRIPTION_MESSAGES.notYourCard);
  invariant(card.customerRef === customer, 404, SUBSCRIPTION_MESSAGES.notYourCard);
  const details = { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear };
  const [row] = await db()
    .insert(paymentMethods)
    .values({ userId: user.id, method: PAYMENT_METHOD.card, providerRef: card.ref, ...details })
    .onConflictDoUpdate({ target: [paymentMethods.userId, paymentMethods.providerRef], set: details })
    .returning({ id: paymentMethods.id });
  return row.id;
}

/** A friendly discount link by its code, if it exists and has not expired. */
export async function liveAffiliateLink(code: string | undefined) {
  if (!code) return null;
  const [link] = await db()
    .select()
    .from(affiliateLinks)
    .where(and(rawSql`lower(${affiliateLinks.code}) = lower(${code})`, rawSql`(${affiliateLinks.expiresAt} IS NULL OR ${affiliateLinks.expiresAt} > now())`));
  return link ?? null;
}

/**
 * The live friendly discount link a payment call names, or null without a code. A code that is unknown
 * or has expired is a 422 with a clear message: the member is never charged a price they were not shown.
 */
export async function checkedAffiliateLink(code: string | undefined) {
  if (!code) return null;
  const link = await liveAffiliateLink(code);
  if (link) return link;
  const [known] = await db()
    .select({ id: affiliateLinks.id })
    .from(affiliateLinks)
    .where(rawSql`lower(${affiliateLinks.code}) = lower(${code})`);
  const message = known ? DISCOUNT_MESSAGES.expired(code) : DISCOUNT_MESSAGES.unknown(code);
  throw new AppError(422, message, { code: "discount_code", fieldErrors: { affiliate_link: message } });
}

export interface CheckoutInput {
  option: string;
  /** The SetupIntent's payment method (pm_…), or a saved method's id as text (“saved:12”). */
  paymentMethod?: string;
  /** PayPal (method 1): the approved setup token, vaulted here (docs/decisions/0123-paypal-vault-and-stand-in.md). */
  nonce?: string;
  /** Sent back after extra authentication. */
  paymentIntent?: string;
  affiliateLink?: string;
  /** A part-paying Treat (awarded_treats.id) taken off this payment (decision 0238). */
  treat?: number;
  /** One per payment page: a doubled or retried submit carries the same key. */
  key: string;
}

/** The spec's card flow: register the payment method, then take the first payment and start the subscription. */
export async function checkout(user: SessionUser, input: CheckoutInput): Promise<PaymentResult> {
  const plan = planOf(input.option);
  const treat = input.treat ? await partPayingTreat(user.id, plan, input.treat) : null;
  const methodId = await methodIdFor(user, input);
  // One payment in flight per member (decision 0235): a second tab runs after this one and sees its subscription.
  return oneAtATime(user.id, `subscribe:${plan.option}`, async () => {
    // The subscription first, then this page's charge: if a doubled submit's subscription committed before
    // the first read, its charge (written before the payment) is found by the second, and the page is
    // answered instead of refused as already subscribed (decision 0200).
    const current = await currentSubscription(user.id);
    const [own] = await db()
      .select()
      .from(charges)
      .where(and(eq(charges.userId, user.id), eq(charges.requestKey, input.key), eq(charges.purpose, "subscribe")));
    if (own?.status === "succeeded") return succeededResult(own);
    if (current && current.expiresAt > new Date()) throw justSubscribed(current);
    const link = await checkedAffiliateLink(input.affiliateLink);
    const price = discounted(plan, link, treat);
    // The key names what is bought (this plan, after the member's last subscription), not the page: every
    // tab buying it shares one charge, and so one provider payment.
    const idempotencyKey = `subscribe:${user.id}:${plan.option}:${current?.id ?? 0}`;
    const asked = { requestKey: input.key, paymentMethodId: methodId, affiliateLinkId: link?.id ?? null, ...price };
    await db()
      .insert(charges)
      .values({ userId: user.id, idempotencyKey, purpose: "subscribe", plan: plan.option, ...asked })
      .onConflictDoNothing();
    const charge = await chargeFor(user, idempotencyKey, asked);
    if (charge.status === "succeeded") throw justSubscribed(found(await currentSubscription(user.id), SUBSCRIPTION_MESSAGES.noSubscription));
    return collect(user, charge, { onSession: true, paymentIntent: input.paymentIntent });
  });
}

/** The plan's price less a friendly discount, then less a part-paying Treat's share (decision 0238). */
function discounted(plan: Plan, link: { discountPercent: number } | null, treat: (Parameters<typeof treatDiscountPence>[0] & { id: number }) | null) {
  const linkOff = link ? discountPenceOf(plan.pricePence, link.discountPercent) : 0;
  const treatOff = treat ? treatDiscountPence(treat, plan, plan.pricePence - linkOff) : 0;
  return { amountPence: plan.pricePence - linkOff - treatOff, discountPence: linkOff + treatOff, treatId: treat?.id ?? null };
}

function justSubscribed(subscription: typeof subscriptions.$inferSelect): AppError {
  return new AppError(409, SUBSCRIPTION_MESSAGES.justSubscribed(planOf(subscription.plan).name, formatDateShortYear(subscription.expiresAt)), { code: "just_subscribed" });
}

type Asked = { requestKey: string | null; paymentMethodId: number; amountPence?: number; discountPence?: number; affiliateLinkId?: number | null; treatId?: number | null; sameAmount?: boolean };

/**
 * The charge for this key as this page asks for it. When another page (or the same page with another
 * card) asked for it before and it has not succeeded, that earlier attempt is settled at the provider
 * first: paid after all (the bank confirmed it late) means it is applied and answered; still open means
 * it is cancelled; then this page's card and amount replace it, for a new attempt.
 */
async function chargeFor(user: Pick<SessionUser, "id" | "email">, idempotencyKey: string, asked: Asked): Promise<Charge> {
  const [charge] = await db().select().from(charges).where(and(eq(charges.idempotencyKey, idempotencyKey), eq(charges.userId, user.id)));
  const { sameAmount, ...changes } = asked;
  const same = charge.paymentMethodId === asked.paymentMethodId && (asked.requestKey === null || charge.requestKey === asked.requestKey) && (!sameAmount || charge.amountPence === asked.amountPence);
  if (charge.status === "succeeded" || same) return charge;
  const settled = await settleAttempt(charge);
  if (settled.status === "succeeded") return settled;
  const [replaced] = await db()
    .update(charges)
    // "failed" makes collect start a new attempt, keyed by the earlier one and the new method.
    .set({ ...changes, status: settled.providerRef ? "failed" : "pending", failureCode: settled.providerRef ? "replaced" : null })
    .where(and(eq(charges.id, charge.id), rawSql`${charges.status} <> 'succeeded'`))
    .returning();
  return replaced ?? (await db().select().from(charges).where(eq(charges.id, charge.id)))[0];
}

/** An earlier attempt that may still take money: applied when the provider has it as paid, else cancelled (Stripe) so it never can. */
async function settleAttempt(charge: Charge): Promise<Charge> {
  if (charge.status === "failed" || !charge.providerRef) return charge;
  const settled = await gatewayOfCharge(charge.providerRef).cancelCharge({ ref: charge.providerRef, amountPence: charge.amountPence, chargeId: charge.id });
  if (settled.status === "succeeded") await applySucceeded(charge.id, settled.ref);
  const [now] = await db().select().from(charges).where(eq(charges.id, charge.id));
  return now;
}

/** Saves the PayPal account the payer approved (the nonce becomes a vaulted payment token) and answers its row id. */
async function registerPayPal(user: SessionUser, nonce: string): Promise<number> {
  const account = await paypalGateway.vaultAccount(user.id, nonce);
  const [row] = await db()
    .insert(paymentMethods)
    .values({ userId: user.id, method: PAYMENT_METHOD.paypal, providerRef: account.ref, brand: "paypal" })
    .onConflictDoUpdate({ target: [paymentMethods.userId, paymentMethods.providerRef], set: { brand: "paypal" } })
    .returning({ id: paymentMethods.id });
  return row.id;
}

async function methodIdFor(user: SessionUser, input: { paymentMethod?: string; nonce?: string }): Promise<number> {
  if (input.nonce) return registerPayPal(user, input.nonce);
  const paymentMethod = input.paymentMethod ?? "";
  const saved = /^saved:(\d{1,9})$/.exec(paymentMethod);
  if (!saved) return registerCard(user, paymentMethod);
  const [row] = await db()
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, Number(saved[1])), eq(paymentMethods.userId, user.id), ne(paymentMethods.method, PAYMENT_METHOD.prize)));
  return found(row, SUBSCRIPTION_MESSAGES.notYourCard).id;
}

/**
 * Takes the charge's money once through the method's gateway (port.ts): creates the provider's charge
 * under the charge's idempotency key (or, after authentication, confirms it; or reads the one recorded),
 * then applies it. A charge already applied answers its subscription.
 */
async function collect(user: Pick<SessionUser, "id" | "email">, charge: Charge, options: { onSession: boolean; paymentIntent?: string }): Promise<PaymentResult> {
  if (charge.status === "succeeded") return succeededResult(charge);
  if (charge.amountPence === 0) return applySucceeded(charge.id, null);
  const [method] = await db().select().from(paymentMethods).where(eq(paymentMethods.id, charge.paymentMethodId ?? 0));
  invariant(method, 409, SUBSCRIPTION_MESSAGES.noPaymentMethod);
  const gateway = gatewayFor(method.method);
  const customerRef = gateway.needsCustomer ? await customerOf(user) : null;
  const recorded = charge.providerRef ? { ref: charge.providerRef, amountPence: charge.amountPence, chargeId: charge.id } : null;
  let outcome: ChargeOutcome;
  if (recorded && gateway.confirmsAfterAuthentication && options.paymentIntent === recorded.ref) {
    outcome = await gateway.confirmCharge(recorded);
  } else if (recorded && charge.status !== "failed") {
    outcome = await gateway.readCharge(recorded);
  } else {
    outcome = await gateway.createCharge({
      customerRef,
      methodRef: method.providerRef,
      amountPence: charge.amountPence,
      idempotencyKey: `${charge.idempotencyKey}:${charge.providerRef ?? "first"}:${charge.paymentMethodId}`,
      chargeId: charge.id,
      description: `Pawroute ${findPlan(charge.plan)?.name ?? charge.plan} subscription`,
      offSession: !options.onSession,
    });
    // The provider's charge is recorded at once, so a retry reads it instead of making another.
    if (outcome.status !== "declined" && outcome.ref) await db().update(charges).set({ providerRef: outcome.ref }).where(eq(charges.id, charge.id));
  }
  const open = and(eq(charges.id, charge.id), rawSql`${charges.status} <> 'succeeded'`);
  switch (outcome.status) {
    case "succeeded":
      await db().update(charges).set({ providerRef: outcome.ref }).where(open);
      return applySucceeded(charge.id, outcome.ref);
    case "requires_action":
      await db().update(charges).set({ status: "requires_action", providerRef: outcome.ref }).where(open);
      if (!options.onSession) throw new AppError(402, SUBSCRIPTION_MESSAGES.authenticationNeeded, { code: "authentication_required" });
      return { status: "requires_action", clientSecret: outcome.clientSecret, paymentIntent: outcome.ref };
    case "pending":
      await db().update(charges).set({ status: "pending", failureCode: null, providerRef: outcome.ref }).where(open);
      throw new AppError(409, outcome.message, { code: outcome.code });
    case "declined":
      await db()
        .update(charges)
        .set({ status: "failed", failureCode: failedWith(outcome.failureCode), ...(outcome.ref ? { providerRef: outcome.ref } : {}) })
        .where(open);
      await db().update(paymentMethods).set({ declinedAt: rawSql`now()` }).where(eq(paymentMethods.id, method.id));
      throw new AppError(402, outcome.message, { code: outcome.code });
    case "incomplete":
      throw new AppError(402, outcome.message);
  }
}

/**
 * A failure code to record, keeping the renewal job's ":noticed" mark (renewals.server.ts) when the
 * member was already mailed about this charge: two renewal runs at once both see the decline, and the
 * second must not clear the mark and mail again.
 */
function failedWith(code: string) {
  return rawSql`CASE WHEN ${charges.failureCode} LIKE '%:noticed' THEN ${code}::text || ':noticed' ELSE ${code}::text END`;
}

async function succeededResult(charge: Charge): Promise<PaymentResult> {
  const [subscription] = await db().select().from(subscriptions).where(eq(subscriptions.id, charge.subscriptionId ?? 0));
  const applied = found(subscription, SUBSCRIPTION_MESSAGES.noSubscription);
  return { status: "succeeded", subscriptionId: applied.id, expiryDate: applied.expiresAt.toISOString() };
}

/** Applies a succeeded charge once, in its own transaction. */
export async function applySucceeded(chargeId: number, providerRef: string | null): Promise<PaymentResult> {
  await db().transaction((tx) => applySucceededIn(tx, chargeId, providerRef));
  const [charge] = await db().select().from(charges).where(eq(charges.id, chargeId));
  return succeededResult(charge);
}

/**
 * The one place a charge's money becomes a subscription change and a receipt. The conditional UPDATE
 * lets exactly one caller (request, retry or webhook) through; the others find it already applied.
 */
export async function applySucceededIn(tx: Transaction, chargeId: number, providerRef: string | null): Promise<void> {
  // One apply at a time per member (a page and a webhook may apply two charges at once): decision 0235.
  await tx.execute(rawSql`SELECT pg_advisory_xact_lock(${APPLY_LOCK}, user_id) FROM charges WHERE id = ${chargeId}`);
  const [charge] = await tx
    .update(charges)
    .set({ status: "succeeded", succeededAt: rawSql`now()`, providerRef: rawSql`coalesce(${charges.providerRef}, ${providerRef})` })
    .where(and(eq(charges.id, chargeId), rawSql`${charges.status} <> 'succeeded'`))
    .returning();
  if (!charge) return;
  if (charge.paymentMethodId) await tx.update(paymentMethods).set({ declinedAt: null }).where(eq(paymentMethods.id, charge.paymentMethodId));
  // The part-paying Treat the price was cut by is used up now; one used meanwhile (gifted) leaves the payment as it was.
  const treatId = charge.treatId;
  if (treatId) await tx.transaction((savepoint) => consumeTreatForSubscription(savepoint, charge.userId, treatId)).catch(() => undefined);
  const plan = planOf(charge.plan);
  const [method] = await tx.select().from(paymentMethods).where(eq(paymentMethods.id, charge.paymentMethodId ?? 0));
  // A Treat pays once: the subscription it starts has no method to renew with until the member adds a card.
  const renewable = method?.method !== PAYMENT_METHOD.prize;
  const now = new Date();
  let subscriptionId: number;
  let periodStart: Date;
  let periodEnd: Date;
  let note = "";
  // A first payment that succeeds while another of the member's subscriptions is active (a late
  // confirmation of an attempt another tab replaced) is not lost and ends nothing: it is attached to the
  // active subscription as one more period of the plan paid for.
  const [active] = charge.purpose === "subscribe" ? await tx.select().from(subscriptions).where(and(eq(subscriptions.userId, charge.userId), isNull(subscriptions.endedAt), gt(subscriptions.expiresAt, now))) : [];
  if (active) {
    periodStart = active.expiresAt;
    periodEnd = addMonths(active.expiresAt, plan.periodMonths);
    await tx.update(subscriptions).set({ expiresAt: periodEnd }).where(eq(subscriptions.id, active.id));
    await tx.insert(subscriptionEvents).values({ subscriptionId: active.id, kind: "renewed", detail: `until ${periodEnd.toISOString()}` });
    await tx.update(charges).set({ subscriptionId: active.id }).where(eq(charges.id, charge.id));
    note = " (added to your current subscription)";
  } else if (charge.purpose === "renew") {
    periodEnd = found(charge.periodEnd, SUBSCRIPTION_MESSAGES.noSubscription);
    const [before] = await tx.select({ expiresAt: subscriptions.expiresAt }).from(subscriptions).where(eq(subscriptions.id, charge.subscriptionId ?? 0));
    const [renewed] = await tx.update(subscriptions).set({ expiresAt: periodEnd }).where(eq(subscriptions.id, charge.subscriptionId ?? 0)).returning({ id: subscriptions.id });
    subscriptionId = found(renewed, SUBSCRIPTION_MESSAGES.noSubscription).id;
    // The period paid for starts where the subscription stood (or now, when it had lapsed).
    periodStart = before && before.expiresAt > now ? before.expiresAt : now;
    await tx.insert(subscriptionEvents).values({ subscriptionId, kind: "renewed", detail: `until ${periodEnd.toISOString()}` });
  } else {
    // A switch replaces the current subscription; a new one replaces an expired one (checkout refuses an active one).
    const ended = await tx.update(subscriptions).set({ endedAt: now, autoRenew: false }).where(and(eq(subscriptions.userId, charge.userId), isNull(subscriptions.endedAt))).returning({ id: subscriptions.id });
    if (charge.purpose === "switch") for (const old of ended) await tx.insert(subscriptionEvents).values({ subscriptionId: old.id, kind: "switched", detail: `to ${plan.option}` });
    periodStart = now;
    periodEnd = charge.periodEnd ?? addMonths(now, plan.periodMonths);
    const [created] = await tx
      .insert(subscriptions)
      .values({ userId: charge.userId, plan: plan.option, startedAt: now, expiresAt: periodEnd, autoRenew: renewable, paymentMethodId: renewable ? charge.paymentMethodId : null, affiliateLinkId: charge.affiliateLinkId })
      .returning({ id: subscriptions.id });
    subscriptionId = created.id;
    await tx.insert(subscriptionEvents).values({ subscriptionId, kind: "created", detail: plan.option });
    await tx.update(charges).set({ subscriptionId }).where(eq(charges.id, charge.id));
  }
  await tx.insert(receipts).values({
    chargeId: charge.id,
    userId: charge.userId,
    number: `PR-${now.getUTCFullYear()}-${String(charge.id).padStart(6, "0")}`,
    description: `${plan.name} subscription${note || (charge.purpose === "renew" ? " (renewal)" : charge.purpose === "switch" ? " (plan change)" : "")}`,
    amountPence: charge.amountPence,
    discountPence: charge.discountPence,
    paymentDescription: method ? methodLabel(method) : "No payment needed",
    periodStart,
    periodEnd,
  });
  // The receipt is mailed once, with the change that issued it (receipts.server.ts).
  await mailReceiptIn(tx, charge.id);
}

/** The spec's POST users/me/subscriptions/current/renew: one more period, paid now with the saved (or given) card. */
export async function renew(user: SessionUser, input: { paymentMethod?: string; nonce?: string; paymentIntent?: string; key: string; period?: string; affiliateLink?: string; treat?: number }): Promise<PaymentResult> {
  const given = input.paymentMethod || input.nonce ? await methodIdFor(user, input) : null;
  const link = await checkedAffiliateLink(input.affiliateLink);
  const renewing = input.treat ? await currentSubscription(user.id) : null;
  const treat = input.treat ? await partPayingTreat(user.id, planOf(found(renewing, SUBSCRIPTION_MESSAGES.noSubscription).plan), input.treat) : null;
  return oneAtATime(user.id, "renew", async () => {
    const subscription = found(await currentSubscription(user.id), SUBSCRIPTION_MESSAGES.noSubscription);
    // Looked up after the subscription is read: if this page's renewal committed before that read, its
    // key is already recorded (below, before the payment), so a late second submit finds it here.
    const asked = await chargeAskedBy(user.id, input.key);
    if (asked?.status === "succeeded") return succeededResult(asked);
    // The page names the expiry it showed: a period another tab (or the job) has renewed since is not paid again.
    if (input.period && subscription.expiresAt.getTime() !== new Date(input.period).getTime()) throw await changedSince(subscription, input.period);
    const plan = planOf(subscription.plan);
    const methodId = given ?? subscription.paymentMethodId;
    invariant(methodId, 409, SUBSCRIPTION_MESSAGES.noPaymentMethod);
    const charge = await renewalCharge({ id: user.id, email: user.email }, subscription, plan, methodId, { ...discounted(plan, link, treat), affiliateLinkId: link?.id ?? null, sameAmount: true });
    // An earlier attempt for this period was paid after all (its bank confirmed it late): nothing more to take.
    if (charge.status === "succeeded") throw justRenewed(found(await currentSubscription(user.id), SUBSCRIPTION_MESSAGES.noSubscription));
    // The page now asks for this period's charge (an earlier ask of it that did not go through is replaced).
    await db().insert(renewalRequests).values({ userId: user.id, key: input.key, chargeId: charge.id }).onConflictDoUpdate({ target: [renewalRequests.userId, renewalRequests.key], set: { chargeId: charge.id } });
    if (methodId !== subscription.paymentMethodId) await db().update(subscriptions).set({ paymentMethodId: methodId }).where(eq(subscriptions.id, subscription.id));
    return collect(user, charge, { onSession: true, paymentIntent: input.paymentIntent });
  });
}

function justRenewed(subscription: typeof subscriptions.$inferSelect): AppError {
  return new AppError(409, SUBSCRIPTION_MESSAGES.justRenewed(formatDateShortYear(subscription.expiresAt)), { code: "just_renewed" });
}

/** Why a renew page that showed another expiry is not paid: that period was renewed, or the subscription changed. */
async function changedSince(subscription: typeof subscriptions.$inferSelect, period: string): Promise<AppError> {
  const [paid] = await db()
    .select({ id: charges.id })
    .from(charges)
    .where(and(eq(charges.idempotencyKey, `renew:${subscription.id}:${new Date(period).toISOString()}`), eq(charges.status, "succeeded")));
  return paid ? justRenewed(subscription) : new AppError(409, SUBSCRIPTION_MESSAGES.changedSince, { code: "subscription_changed" });
}

/** The charge a renew page (its key) asked for, if it asked before. */
async function chargeAskedBy(userId: number, key: string): Promise<Charge | null> {
  const [row] = await db()
    .select({ charge: charges })
    .from(renewalRequests)
    .innerJoin(charges, eq(charges.id, renewalRequests.chargeId))
    .where(and(eq(renewalRequests.userId, userId), eq(renewalRequests.key, key)));
  return row?.charge ?? null;
}

/**
 * The renewal charge of the subscription's current period: its key names the period, so it is taken
 * once. A card or PayPal account the member gives replaces an attempt on another method that has not
 * gone through, even one waiting for the bank's extra authentication (decision 0236).
 */
async function renewalCharge(user: Pick<SessionUser, "id" | "email">, subscription: typeof subscriptions.$inferSelect, plan: Plan, methodId: number, price?: Omit<Asked, "requestKey" | "paymentMethodId">): Promise<Charge> {
  const base = subscription.expiresAt > new Date() ? subscription.expiresAt : new Date();
  const idempotencyKey = `renew:${subscription.id}:${subscription.expiresAt.toISOString()}`;
  const { sameAmount: _, ...amounts } = price ?? {};
  await db()
    .insert(charges)
    .values({ userId: subscription.userId, idempotencyKey, purpose: "renew", plan: plan.option, subscriptionId: subscription.id, paymentMethodId: methodId, amountPence: plan.pricePence, ...amounts, periodEnd: addMonths(base, plan.periodMonths) })
    .onConflictDoNothing();
  // The renewal job asks with no price: it takes the period's charge as the member last asked for it.
  return chargeFor(user, idempotencyKey, { requestKey: null, paymentMethodId: methodId, ...price });
}

/** The renewal job's charge: the saved card, off-session (a bank asking for authentication is an error here). */
export async function renewDue(subscription: typeof subscriptions.$inferSelect, email: string): Promise<"renewed" | "already"> {
  const plan = planOf(subscription.plan);
  invariant(subscription.paymentMethodId, 409, SUBSCRIPTION_MESSAGES.noPaymentMethod, { code: "no_payment_method" });
  const methodId = subscription.paymentMethodId;
  return oneAtATime(subscription.userId, "renew", async () => {
    // Read again under the member's lease: a renew page may have renewed it, or changed its card, meanwhile.
    const now = found(await currentSubscription(subscription.userId), SUBSCRIPTION_MESSAGES.noSubscription);
    if (now.id !== subscription.id || now.expiresAt.getTime() !== subscription.expiresAt.getTime()) return "already";
    const charge = await renewalCharge({ id: subscription.userId, email }, now, plan, now.paymentMethodId ?? methodId);
    if (charge.status === "succeeded") return "already";
    // A period whose charge failed is not retried by the job: the member was mailed and renews by hand.
    // A charge whose card the member has changed since ("replaced") is tried on the new card.
    const code = charge.failureCode?.split(":")[0];
    if (charge.status === "failed" && code !== "replaced") throw new AppError(402, cardErrorMessage({ code }), { code });
    await collect({ id: subscription.userId, email }, charge, { onSession: false });
    return "renewed";
  });
}

/**
 * The spec's POST users/me/subscriptions/current/enable-autorenew: answers the renewal date. With a
 * payment method (a card set up on the page, or a PayPal account just approved) it saves it as the one
 * renewals use, without charging anything now (decision 0238); without one, the saved method is used.
 */
export async function enableAutoRenew(userId: number, given?: { user: SessionUser; paymentMethod?: string; nonce?: string }): Promise<{ expiryDate: string; subscriptionId: number }> {
  const subscription = found(await currentSubscription(userId), SUBSCRIPTION_MESSAGES.noSubscription);
  const methodId = given && (given.paymentMethod || given.nonce) ? await methodIdFor(given.user, given) : subscription.paymentMethodId;
  invariant(methodId, 409, SUBSCRIPTION_MESSAGES.noPaymentMethod);
  return db().transaction(async (tx) => {
    const [row] = await tx.update(subscriptions).set({ autoRenew: true, cancelledAt: null, paymentMethodId: methodId }).where(eq(subscriptions.id, subscription.id)).returning();
    if (methodId !== subscription.paymentMethodId) await tx.insert(subscriptionEvents).values({ subscriptionId: row.id, kind: "payment-method-changed" });
    await tx.insert(subscriptionEvents).values({ subscriptionId: row.id, kind: "auto-renew-enabled" });
    return { expiryDate: row.expiresAt.toISOString(), subscriptionId: row.id };
  });
}

/** The spec's DELETE users/me/subscriptions/current (and the administrator's): cancelled now, active until expiry. */
export async function cancelAutoRenew(userId: number, by: "member" | "admin" = "member"): Promise<{ expiryDate: string }> {
  const subscription = found(await currentSubscription(userId), SUBSCRIPTION_MESSAGES.noSubscription);
  return db().transaction(async (tx) => {
    const [row] = await tx.update(subscriptions).set({ autoRenew: false, cancelledAt: rawSql`coalesce(${subscriptions.cancelledAt}, now())` }).where(eq(subscriptions.id, subscription.id)).returning();
    await tx.insert(subscriptionEvents).values({ subscriptionId: row.id, kind: "cancelled", detail: by });
    return { expiryDate: row.expiresAt.toISOString() };
  });
}

/** The administrator's DELETE users/{id}/subscriptions/current: cancels the member's auto-renewal, with an audit entry. */
export async function cancelAutoRenewFor(admin: SessionUser, userId: number): Promise<{ expiryDate: string }> {
  const result = await cancelAutoRenew(userId, "admin");
  await audit({ actorId: admin.id, action: "subscription.cancel-autorenew", recordType: "user", recordId: userId, after: result });
  return result;
}

/**
 * The proration rule (docs/decisions/0122-switching-plans.md): the unused part of the current period is
 * worth its share of what the plan costs; the new plan starts now for a full period; the member pays the
 * new price less that credit, and a credit larger than the price lengthens the new period instead.
 */
export function prorate(current: { pricePence: number; periodMonths: number; expiresAt: Date }, next: Plan, now = new Date()): { amountPence: number; creditPence: number; expiresAt: Date } {
  const periodStart = addMonths(current.expiresAt, -current.periodMonths);
  const periodMs = current.expiresAt.getTime() - periodStart.getTime();
  const remainingMs = Math.max(0, Math.min(periodMs, current.expiresAt.getTime() - now.getTime()));
  const creditPence = Math.floor((current.pricePence * remainingMs) / periodMs);
  const baseEnd = addMonths(now, next.periodMonths);
  if (creditPence <= next.pricePence) return { amountPence: next.pricePence - creditPence, creditPence, expiresAt: baseEnd };
  const extraMs = Math.floor(((creditPence - next.pricePence) / next.pricePence) * (baseEnd.getTime() - now.getTime()));
  return { amountPence: 0, creditPence, expiresAt: new Date(baseEnd.getTime() + extraMs) };
}

/**
 * What the member paid for the subscription's current period, for the switch credit (decision 0237):
 * the last first payment or renewal applied to it (after any friendly discount or Treat), the plan's
 * price when the period came from a switch (its credit and payment made up that price).
 */
export async function paidForPeriod(subscription: typeof subscriptions.$inferSelect): Promise<number> {
  const [last] = await db()
    .select({ amountPence: charges.amountPence, purpose: charges.purpose })
    .from(charges)
    .where(and(eq(charges.subscriptionId, subscription.id), eq(charges.status, "succeeded")))
    .orderBy(desc(charges.succeededAt), desc(charges.id))
    .limit(1);
  const price = planOf(subscription.plan).pricePence;
  return !last || last.purpose === "switch" ? price : Math.min(price, last.amountPence);
}

/** Switch, upgrade or downgrade: one charge per (subscription it replaces, target plan). */
export async function switchPlan(user: SessionUser, input: { option: string; key: string; paymentIntent?: string; subscription?: number }): Promise<PaymentResult & { from: string; amountPence: number }> {
  const to = planOf(input.option);
  return oneAtATime(user.id, `switch:${to.option}`, async () => {
    const subscription = found(await currentSubscription(user.id), SUBSCRIPTION_MESSAGES.noSubscription);
    // After the subscription is read (decision 0200): a switch this page made that committed before that
    // read replaced the subscription, and is found here whatever subscription it was made from.
    const asked = await switchAskedBy(user.id, to.option, input.key);
    if (asked?.charge.status === "succeeded") return { ...(await succeededResult(asked.charge)), from: asked.from, amountPence: asked.charge.amountPence };
    // The page names the subscription it priced: another tab has switched it since.
    if (input.subscription && input.subscription !== subscription.id) throw new AppError(409, SUBSCRIPTION_MESSAGES.justSwitched(planOf(subscription.plan).name), { code: "just_switched" });
    const from = planOf(subscription.plan);
    invariant(from.option !== to.option, 409, SUBSCRIPTION_MESSAGES.samePlan, { fieldErrors: { option: SUBSCRIPTION_MESSAGES.samePlan } });
    invariant(subscription.paymentMethodId, 409, SUBSCRIPTION_MESSAGES.noPaymentMethod);
    const prorated = prorate({ pricePence: await paidForPeriod(subscription), periodMonths: from.periodMonths, expiresAt: subscription.expiresAt }, to);
    // A switch in 0 < amount < 30p cannot be charged by card: it is free.
    const amountPence = prorated.amountPence > 0 && prorated.amountPence < 30 ? 0 : prorated.amountPence;
    const idempotencyKey = `switch:${subscription.id}:${to.option}`;
    await db()
      .insert(charges)
      .values({ userId: user.id, idempotencyKey, requestKey: input.key, purpose: "switch", plan: to.option, subscriptionId: subscription.id, paymentMethodId: subscription.paymentMethodId, amountPence, periodEnd: prorated.expiresAt })
      .onConflictDoNothing();
    const charge = await chargeFor(user, idempotencyKey, { requestKey: input.key, paymentMethodId: subscription.paymentMethodId, amountPence });
    if (charge.status === "succeeded") throw new AppError(409, SUBSCRIPTION_MESSAGES.justSwitched(to.name), { code: "just_switched" });
    return { ...(await collect(user, charge, { onSession: true, paymentIntent: input.paymentIntent })), from: from.option, amountPence: charge.amountPence };
  });
}

/** The switch to `to` a page (its key) asked for, from any subscription, with the plan it switched from. */
async function switchAskedBy(userId: number, to: string, key: string): Promise<{ charge: Charge; from: string } | null> {
  // The key is switch:{subscription it replaces}:{plan}.
  const [row] = await db()
    .select({ charge: charges, from: subscriptions.plan })
    .from(charges)
    .innerJoin(subscriptions, eq(rawSql`${subscriptions.id}::text`, rawSql`split_part(${charges.idempotencyKey}, ':', 2)`))
    .where(and(eq(charges.userId, userId), eq(charges.purpose, "switch"), eq(charges.plan, to), eq(charges.requestKey, key)))
    .orderBy(rawSql`${charges.status} = 'succeeded' DESC`, desc(charges.id))
    .limit(1);
  return row ?? null;
}

/** What the switch that started the member's current subscription charged, or null when it did not come from a switch. */
export async function switchCharged(userId: number): Promise<number | null> {
  const subscription = await currentSubscription(userId);
  if (!subscription) return null;
  const [charge] = await db()
    .select({ amountPence: charges.amountPence })
    .from(charges)
    .where(and(eq(charges.subscriptionId, subscription.id), eq(charges.purpose, "switch"), eq(charges.status, "succeeded")));
  return charge?.amountPence ?? null;
}

export interface SubscriptionView {
  id: number;
  plan: Plan;
  startedAt: string;
  expiresAt: string;
  autoRenew: boolean;
  active: boolean;
  card: string | null;
  /** The renewal method's spec code (1 PayPal, 2 card), null without one: a PayPal member is not offered "Change card". */
  method: number | null;
  history: { kind: string; at: string }[];
}

export async function subscriptionView(userId: number): Promise<SubscriptionView | null> {
  const subscription = await currentSubscription(userId);
  if (!subscription) return null;
  const [method] = subscription.paymentMethodId ? await db().select().from(paymentMethods).where(eq(paymentMethods.id, subscription.paymentMethodId)) : [];
  const history = await db()
    .select({ kind: subscriptionEvents.kind, at: subscriptionEvents.at })
    .from(subscriptionEvents)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionEvents.subscriptionId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptionEvents.at), desc(subscriptionEvents.id))
    .limit(20);
  return {
    id: subscription.id,
    plan: planOf(subscription.plan),
    startedAt: subscription.startedAt.toISOString(),
    expiresAt: subscription.expiresAt.toISOString(),
    autoRenew: subscription.autoRenew,
    active: subscription.expiresAt > new Date(),
    card: method ? methodLabel(method) : null,
    method: method ? method.method : null,
    history: history.map((entry) => ({ kind: entry.kind, at: entry.at.toISOString() })),
  };
}

/**
 * The member's saved cards and PayPal accounts, as every payment page lists them: a method whose last
 * charge was declined is not offered again (the subscription page then says "None saved" too).
 */
export async function savedCards(userId: number): Promise<{ id: number; label: string }[]> {
  const rows = await db()
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.userId, userId),
        ne(paymentMethods.method, PAYMENT_METHOD.prize),
        isNull(paymentMethods.declinedAt),
      ),
    )
    .orderBy(desc(paymentMethods.createdAt));
  return rows.map((row) => ({ id: row.id, label: methodLabel(row) }));
}

/** The spec's POST users/me/paymentMethod {paymentMethod, method: 2} without a plan: the card the current subscription renews with from now on. */
export async function changeCard(user: SessionUser, paymentMethod: string): Promise<PaymentResult> {
  const subscription = found(await currentSubscription(user.id), SUBSCRIPTION_MESSAGES.noSubscription);
  const methodId = await methodIdFor(user, { paymentMethod });
  await db().transaction(async (tx) => {
    await tx.update(subscriptions).set({ paymentMethodId: methodId }).where(eq(subscriptions.id, subscription.id));
    await tx.insert(subscriptionEvents).values({ subscriptionId: subscription.id, kind: "payment-method-changed" });
  });
  return { status: "succeeded", subscriptionId: subscription.id, expiryDate: subscription.expiresAt.toISOString() };
}

/** The card the member's current subscription renews with (brand, last 4, expiry), for the change-payment-method page. */
export async function renewalCard(userId: number): Promise<{ subscription: { planName: string; expiresAt: string; autoRenew: boolean } | null; card: RenewalCardView | null }> {
  const subscription = await currentSubscription(userId);
  if (!subscription) return { subscription: null, card: null };
  const [method] = subscription.paymentMethodId ? await db().select().from(paymentMethods).where(eq(paymentMethods.id, subscription.paymentMethodId)) : [];
  return {
    subscription: { planName: planOf(subscription.plan).name, expiresAt: subscription.expiresAt.toISOString(), autoRenew: subscription.autoRenew },
    card: method
      ? {
          method: method.method,
          brand: method.brand,
          last4: method.last4,
          expiry: method.expMonth && method.expYear ? `${String(method.expMonth).padStart(2, "0")}/${String(method.expYear % 100).padStart(2, "0")}` : null,
        }
      : null,
  };
}

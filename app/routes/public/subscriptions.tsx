import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getSessionUser } from "../../auth/guards.server";
import { PlanCards } from "../../components/payments/PlanCards";
import { friendlyDiscount } from "../../payments/affiliate-links.server";
import { PLANS } from "../../payments/plans";
import { isSubscriber } from "../../payments/subscriptions.server";

import formsStyles from "../../styles/forms.css?url";
import paymentsStyles from "../../styles/payments.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formsStyles },
  { rel: "stylesheet", href: paymentsStyles },
];

export const meta: MetaFunction = () => [
  { title: "Subscriptions — Pawroute" },
  { name: "description", content: "Pawroute plans: every premium dog-friendly listing in full, Treat draws and partner discounts." },
];

const TESTIMONIALS = [
  { quote: "We plan every long drive round the walks now. The premium pub listings alone paid for the year.", name: "Sam and Biscuit, Cumbria" },
  { quote: "The junction search found us a beach ten minutes off the M5 we'd driven past for years.", name: "Priya and Moss, Bristol" },
  { quote: "Our spaniel won a gift box in the first month. She was not impressed; we were.", name: "Tom and Juno, Norfolk" },
];

const FAQS = [
  { q: "What do I get with a subscription?", a: "Every premium listing in full (address, photos, extra details and directions), Treat draws and the extras of your plan." },
  { q: "Can I cancel?", a: "Yes. Cancelling stops automatic renewal; your subscription stays active until its expiry date." },
  { q: "Can I change plan?", a: "Yes, at any time from your subscriptions page. You pay the new plan's price less the unused part of your current plan." },
  { q: "How do I pay?", a: "By debit or credit card (Visa, Mastercard, Maestro, American Express). Your bank may ask you to confirm the payment." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  const discount = await friendlyDiscount(request);
  return data(
    { plans: PLANS, subscriber: user ? await isSubscriber(user.id) : false, discountPercent: discount?.discountPercent ?? null },
    { headers: discount?.setCookie ? { "Set-Cookie": discount.setCookie } : {} },
  );
}

export default function Subscriptions() {
  const { plans, subscriber, discountPercent } = useLoaderData<typeof loader>();
  return (
    <div className="container payments-page">
      <h1>Subscriptions</h1>
      <p className="payments-lead">Every premium listing in full, Treat draws for your dog and discounts from our partners.</p>
      {subscriber ? (
        <p className="form-notice" role="status">
          You are a subscriber. <Link to="/account/subscriptions">Manage your subscription</Link>
        </p>
      ) : null}
      {discountPercent && !subscriber ? (
        <p className="form-notice" role="status">
          Your friendly discount of {discountPercent}% comes off your first payment.
        </p>
      ) : null}
      <PlanCards plans={plans} choose={(option) => `/payment?option=${option}`} />
      <section className="testimonials" aria-labelledby="testimonials-title">
        <h2 id="testimonials-title">What subscribers say</h2>
        <ul className="testimonials__list">
          {TESTIMONIALS.map((item) => (
            <li key={item.name}>
              <blockquote>{item.quote}</blockquote>
              <p>{item.name}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="payments-faqs" aria-labelledby="faqs-title">
        <h2 id="faqs-title">Questions</h2>
        {FAQS.map((item) => (
          <details key={item.q}>
            <summary>{item.q}</summary>
            <p>{item.a}</p>
          </details>
        ))}
      </section>
    </div>
  );
}

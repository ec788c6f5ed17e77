import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { clientOf } from "../../../auth/client.server";
import { useLoaderData } from "@remix-run/react";
import { readForm } from "../../../auth/forms.server";
import { getSessionUser } from "../../../auth/guards.server";
import { subscribeAction } from "../../../blog/newsletter-action.server";
import { memberIsSubscribed } from "../../../blog/newsletter.server";
import { createFallbackQuestion } from "../../../captcha/captcha.server";
import { SubscribeForm } from "../../../components/blog/SubscribeForm";
import { StatusPage } from "../../../components/StatusPage";
import formStyles from "../../../styles/forms.css?url";
import blogStyles from "../../../styles/blog.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: blogStyles },
];

/** Also what the newsletter modal loads when it opens. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  return { member: user !== null, subscribed: user ? await memberIsSubscribed(user.id) : false, captcha: createFallbackQuestion("newsletter", clientOf(request, context).ip) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return subscribeAction(request, await readForm(request), context);
}

/** /newsletter: the sign-up on its own page (the modal posts here too). */
export default function Newsletter() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="container newsletter-page">
      <h1>The Pawroute newsletter</h1>
      <p className="blog__lead">New dog-friendly walks, pubs and beaches and the best Bark Out stories, once a month. Unsubscribe with one click at any time.</p>
      <div className="form-panel">
        <SubscribeForm action="/newsletter" captcha={data.captcha} member={data.member} memberSubscribed={data.subscribed} id="newsletter" />
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [
  { title: "The Pawroute newsletter — Pawroute" },
  { name: "description", content: "Sign up for the Pawroute newsletter: new dog-friendly walks, pubs and beaches, travel tips and stories from Bark Out." },
];

export function ErrorBoundary() {
  return <StatusPage />;
}

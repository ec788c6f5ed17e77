import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { readForm } from "../../auth/forms.server";
import { contactAction } from "../../blog/contact-action.server";
import { contactPageData } from "../../blog/contact-page.server";
import { ContactForm } from "../../components/blog/ContactForm";
import { Faqs } from "../../components/blog/Faqs";
import { StatusPage } from "../../components/StatusPage";
import formStyles from "../../styles/forms.css?url";
import blogStyles from "../../styles/blog.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: blogStyles },
];

export function loader({ request }: LoaderFunctionArgs) {
  return contactPageData(request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return contactAction(request, await readForm(request), context);
}

/** /contact: the contact form beside the FAQ toggles. */
export default function Contact() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="container contact-page">
      <h1>Contact us</h1>
      <p className="blog__lead">Questions, corrections or a place we should know about: send us a message and we will reply by email.</p>
      <div className="contact-page__columns">
        <section className="form-panel" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">Send us a message</h2>
          <ContactForm data={data} action="/contact" />
        </section>
        <section aria-labelledby="contact-faqs-title">
          <h2 id="contact-faqs-title">Quick answers</h2>
          <Faqs exclusive={false} headingLevel={3} />
          <p>
            <Link to="/faqs">All frequently asked questions</Link>
          </p>
        </section>
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Contact us — Pawroute" }, { name: "description", content: "Send the Pawroute team a message." }];

export function ErrorBoundary() {
  return <StatusPage />;
}

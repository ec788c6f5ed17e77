import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { contactPageAction, contactPageLoader } from "../../blog/contact-page.server";
import { ContactPanel, contactPageLinks } from "../../components/blog/ContactForm";
import { Faqs } from "../../components/blog/Faqs";
import { StatusPage } from "../../components/StatusPage";

export const links = contactPageLinks;

export const loader = contactPageLoader;

export const action = contactPageAction;

/** /contact: the contact form beside the FAQ toggles. */
export default function Contact() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="container contact-page">
      <h1>Contact us</h1>
      <p className="blog__lead">Questions, corrections or a place we should know about: send us a message and we will reply by email.</p>
      <div className="contact-page__columns">
        <ContactPanel data={data} action="/contact" id="contact-form-title" title="Send us a message" />
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

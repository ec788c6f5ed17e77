import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { contactPageAction, contactPageLoader } from "../../blog/contact-page.server";
import { ContactPanel, contactPageLinks } from "../../components/blog/ContactForm";
import { Faqs } from "../../components/blog/Faqs";
import { StatusPage } from "../../components/StatusPage";

export const links = contactPageLinks;

export const loader = contactPageLoader;

export const action = contactPageAction;

/** /faqs: the accordion (one item opens or closes per click) and the same contact form. */
export default function FaqsPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="container contact-page">
      <h1>Frequently asked questions</h1>
      <Faqs exclusive />
      <ContactPanel data={data} action="/faqs" id="faqs-contact-title" title="Still have a question?" className="faqs-contact" />
    </div>
  );
}

export const meta: MetaFunction = () => [
  { title: "Frequently asked questions — Pawroute" },
  {
    name: "description",
    content: "Answers to common questions about Pawroute.",
  },
];

export function ErrorBoundary() {
  return <StatusPage />;
}

import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
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

/** /faqs: the accordion (one item opens or closes per click) and the same contact form. */
export default function FaqsPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="container contact-page">
      <h1>Frequently asked questions</h1>
      <Faqs exclusive />
      <section className="form-panel faqs-contact" aria-labelledby="faqs-contact-title">
        <h2 id="faqs-contact-title">Still have a question?</h2>
        <ContactForm data={data} action="/faqs" />
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Frequently asked questions — Pawroute" }, { name: "description", content: "Answers to common questions about Pawroute." }];

export function ErrorBoundary() {
  return <StatusPage />;
}

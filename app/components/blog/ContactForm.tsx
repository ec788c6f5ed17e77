import type { LinksFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useField, ValidatedForm } from "remix-validated-form";
import { CONTACT_MESSAGE_MAX, contactValidator } from "../../blog/schemas";
import { Captcha, type CaptchaFallbackData } from "../forms/Captcha";
import { TextField } from "../forms/Field";
import { FormAlert, formErrorOf, Honeypot, SubmitButton } from "../forms/FormParts";
import blogStyles from "../../styles/blog.css?url";
import formStyles from "../../styles/forms.css?url";

/** The stylesheets of a page with the contact form (/contact, /faqs). */
export const contactPageLinks: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: blogStyles },
];

export interface ContactFormData {
  captcha: CaptchaFallbackData;
  /** Members find their name and address filled in (they pass the captcha too: the spec exempts only stories). */
  member: { name: string; email: string } | null;
  /** The form's key: a retried message is stored and mailed once (decision 0258). */
  clientKey: string;
}

function sentOf(value: unknown): boolean {
  return Boolean(value && typeof value === "object" && "sent" in value && value.sent === true);
}

function MessageField() {
  const { error, getInputProps } = useField("message");
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor="contact-message" className="field__label">
        Your message
      </label>
      <textarea
        {...getInputProps({ id: "contact-message" })}
        className="field__input"
        rows={7}
        maxLength={CONTACT_MESSAGE_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "contact-message-error" : undefined}
      />
      {error ? (
        <p id="contact-message-error" className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The contact form; on success a thank-you block replaces it (public-directory.md §4). */
export function ContactForm({ data, action }: { data: ContactFormData; action: string }) {
  // The form posts to the page's own action, so its answer (field errors or thanks) comes back as action data, with or without JavaScript.
  const result: unknown = useActionData();
  const success = useRef<HTMLDivElement>(null);
  const sent = sentOf(result);
  useEffect(() => {
    if (sent) success.current?.focus();
  }, [sent]);
  if (sent) {
    return (
      <div className="contact-success" role="status" tabIndex={-1} ref={success}>
        <h3>Thank you, your message has been sent</h3>
        <p>Our team reads every message and will reply by email as soon as we can.</p>
        <p>
          In the meantime, find your next <Link to="/">dog-friendly walk</Link> or read <Link to="/bark-out">Bark Out</Link>.
        </p>
      </div>
    );
  }
  return (
    <ValidatedForm
      validator={contactValidator}
      method="post"
      action={action}
      id="contact"
      noValidate
      className="form-stack contact-form"
      defaultValues={data.member ? { name: data.member.name, email: data.member.email } : undefined}
    >
      <FormAlert message={formErrorOf(result)} />
      <input type="hidden" name="clientKey" value={data.clientKey} />
      <TextField formId="contact" name="name" label="Your name" autoComplete="name" maxLength={100} />
      <TextField formId="contact" name="email" label="Your email address" type="email" autoComplete="email" maxLength={254} />
      <MessageField />
      <Honeypot />
      <Captcha fallback={data.captcha} formId="contact" version={result} />
      <div className="form-actions">
        <SubmitButton variant="accent" pending="Sending…">
          Send message
        </SubmitButton>
      </div>
    </ValidatedForm>
  );
}

/** The contact form in its titled panel, as /contact and /faqs show it. */
export function ContactPanel({
  data,
  action,
  id,
  title,
  className = "",
}: {
  data: ContactFormData;
  action: string;
  id: string;
  title: string;
  className?: string;
}) {
  return (
    <section className={`form-panel ${className}`.trim()} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ContactForm data={data} action={action} />
    </section>
  );
}

import { useActionData, useFetcher, type FetcherWithComponents } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { newsletterValidator } from "../../blog/schemas";
import { Captcha, type CaptchaFallbackData } from "../forms/Captcha";
import { TextField } from "../forms/Field";
import { FormAlert, formErrorOf, SubmitButton } from "../forms/FormParts";

function subscribedOf(value: unknown): string | null {
  return value && typeof value === "object" && "subscribed" in value && typeof value.subscribed === "string" ? value.subscribed : null;
}

/**
 * The newsletter sign-up. On a page it posts to `action` (the page's own action, so it works without
 * JavaScript and the answer comes back as action data); the modal passes a fetcher for /newsletter.
 */
export function SubscribeForm({ action, captcha, member, memberSubscribed, id = "subscribe", fetcher }: { action: string; captcha: CaptchaFallbackData; member: boolean; memberSubscribed?: boolean; id?: string; fetcher?: FetcherWithComponents<unknown> }) {
  const memberFetcher = useFetcher();
  const actionData: unknown = useActionData();
  const result: unknown = (fetcher ? fetcher.data : actionData) ?? memberFetcher.data;
  const done = subscribedOf(result);
  if (done || memberSubscribed) {
    return (
      <div className="form-notice subscribe__done" role="status">
        {done ?? "You are subscribed to the Pawroute newsletter."}
      </div>
    );
  }
  if (member) {
    return (
      <memberFetcher.Form method="post" action={action} className="subscribe__member">
        <input type="hidden" name="intent" value="member-subscribe" />
        <button type="submit" className="button button--accent" disabled={memberFetcher.state !== "idle"} aria-busy={memberFetcher.state !== "idle" || undefined}>
          {memberFetcher.state !== "idle" ? "Subscribing…" : "Get the newsletter"}
        </button>
      </memberFetcher.Form>
    );
  }
  return (
    <ValidatedForm validator={newsletterValidator} method="post" action={action} fetcher={fetcher} id={id} noValidate className="form-stack subscribe__form">
      <input type="hidden" name="intent" value="subscribe" />
      <FormAlert message={formErrorOf(result)} />
      <TextField formId={id} name="email" label="Your email address" type="email" autoComplete="email" maxLength={254} />
      <Captcha fallback={captcha} formId={id} version={result} />
      <div className="form-actions">
        <SubmitButton variant="accent" pending="Subscribing…">
          Subscribe
        </SubmitButton>
      </div>
    </ValidatedForm>
  );
}

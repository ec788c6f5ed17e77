import { useFetcher } from "@remix-run/react";
import { formErrorOf } from "./FormParts";

/** Unverified members are asked to confirm their address and can have the link sent again (loading → sent). */
export function VerificationBanner({ email }: { email: string }) {
  const fetcher = useFetcher<{ sent?: boolean; message?: string }>();
  const sent = fetcher.state === "idle" && fetcher.data !== undefined && "sent" in fetcher.data;
  const error = fetcher.state === "idle" ? formErrorOf(fetcher.data) : null;
  const loading = fetcher.state !== "idle";
  return (
    <div className="verify-banner" role="region" aria-label="Confirm your email address">
      <div className="container verify-banner__inner">
        <p className="verify-banner__text">
          Please confirm your email address <strong>{email}</strong> with the link we sent you. Until then, the Treat Points you earn are kept for you as pending.
        </p>
        <fetcher.Form method="post" action="/account/verify-email" className="verify-banner__form" data-state={sent ? "sent" : loading ? "loading" : "idle"}>
          {sent ? (
            <p className="verify-banner__sent" role="status">
              Sent! Check your inbox.
            </p>
          ) : (
            <button type="submit" className="button button--accent" disabled={loading} aria-busy={loading || undefined}>
              {loading ? "Sending…" : "Send the link again"}
            </button>
          )}
          {error ? (
            <p className="verify-banner__error" role="alert">
              {error}
            </p>
          ) : null}
        </fetcher.Form>
      </div>
    </div>
  );
}

import { Form, type FetcherWithComponents } from "@remix-run/react";

export interface SocialMediaData {
  socialNetworkUrl: string;
  microblogUrl: string;
  done: boolean;
}

/** The follow prompts with the project's own links, and the button that marks them done (once). */
export function SocialMediaForm({ data, fetcher }: { data: SocialMediaData; fetcher?: FetcherWithComponents<unknown> }) {
  const FormComponent = fetcher ? fetcher.Form : Form;
  const busy = fetcher ? fetcher.state !== "idle" : false;
  return (
    <div className="social-media">
      <p className="form-lead">Follow Pawroute for new walks, dog-friendly pubs and Treat draws.</p>
      <ul className="social-media__links">
        <li>
          <a href={data.socialNetworkUrl} className="button button--quiet" target="_blank" rel="noopener noreferrer">
            Follow us on Facebook<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
        <li>
          <a href={data.microblogUrl} className="button button--quiet" target="_blank" rel="noopener noreferrer">
            Follow us on X<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      </ul>
      {data.done ? (
        <p className="form-notice" role="status">
          Thank you for following Pawroute!
        </p>
      ) : (
        <FormComponent method="post" action="/account/social-media">
          <button type="submit" name="intent" value="subscribed" className="button button--accent" disabled={busy} aria-busy={busy || undefined}>
            {busy ? "Saving…" : "I've followed Pawroute"}
          </button>
        </FormComponent>
      )}
    </div>
  );
}

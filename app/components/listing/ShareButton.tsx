import { useState } from "react";

/**
 * Share: the Web Share API where the browser has it, else copying the link. Without JavaScript the
 * panel simply shows the link to copy and a mail link.
 */
export function ShareButton({ url, title }: { url: string; title: string }) {
  const [status, setStatus] = useState("");
  return (
    <details className="share">
      <summary
        className="button button--quiet"
        onClick={(event) => {
          if (typeof navigator.share !== "function") return;
          event.preventDefault();
          navigator.share({ title, url }).catch(() => undefined);
        }}
      >
        Share
      </summary>
      <div className="share__panel">
        <label className="field__label" htmlFor="share-link">
          Link to this page
        </label>
        <input id="share-link" className="field__input" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        <p className="share__actions">
          <button
            type="button"
            className="button button--quiet js-enhanced"
            onClick={() => {
              navigator.clipboard
                .writeText(url)
                .then(() => setStatus("Link copied"))
                .catch(() => setStatus("Press Ctrl+C (or ⌘C) to copy the link"));
            }}
          >
            Copy link
          </button>
          <a href={`mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}`}>Send by email</a>
        </p>
        <p className="share__status" role="status">
          {status}
        </p>
      </div>
    </details>
  );
}

/** Print: the print stylesheet lays the page out for paper. The button needs JavaScript, so it appears with it. */
export function PrintButton({ label = "Print" }: { label?: string }) {
  return (
    <button type="button" className="button button--quiet js-enhanced" onClick={() => window.print()}>
      {label}
    </button>
  );
}

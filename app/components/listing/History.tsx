import { Link, useFetcher } from "@remix-run/react";
import { useState } from "react";
import { Modal } from "../forms/Modal";
import { formatDateInWords } from "../../../kit/format";

export interface HistoryEntry {
  version: number;
  status: string;
  /** ISO date of the save. */
  date: string;
  editor: string;
  changes: string[];
  current: boolean;
}

export interface HistoryData {
  listing: { id: number; url: string; title: string };
  entries: HistoryEntry[];
}


/** The versions of a listing, newest first: when, by whom, and which fields changed. */
export function HistoryList({ data }: { data: HistoryData }) {
  if (data.entries.length === 0) return <p>This listing has no saved versions yet.</p>;
  return (
    <ol className="history" reversed>
      {data.entries.map((entry) => (
        <li key={entry.version} className="history__entry">
          <p className="history__head">
            <strong>Version {entry.version}</strong> · <time dateTime={entry.date}>{formatDateInWords(entry.date)}</time> · {entry.editor}
            {entry.current ? <span className="tag">Current</span> : null}
            {entry.status ? <span className="tag tag--warning">{entry.status}</span> : null}
          </p>
          <p className="history__changes">{entry.changes.length ? `Changed: ${entry.changes.join(", ")}` : "First version"}</p>
        </li>
      ))}
    </ol>
  );
}

/** The history link: the page without JavaScript, a modal with it (spec: /dog-walk/_{id}/history). */
export function HistoryLink({ listingId, title }: { listingId: number; title: string }) {
  const fetcher = useFetcher<HistoryData>();
  const [open, setOpen] = useState(false);
  const href = `/dog-walk/_${listingId}/history`;
  return (
    <>
      <Link
        to={href}
        className="button button--quiet"
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          setOpen(true);
          fetcher.load(href);
        }}
      >
        History
      </Link>
      <Modal title={`History of ${title}`} open={open} onClose={() => setOpen(false)}>
        {fetcher.data ? <HistoryList data={fetcher.data} /> : <p className="modal__loading">Loading…</p>}
      </Modal>
    </>
  );
}

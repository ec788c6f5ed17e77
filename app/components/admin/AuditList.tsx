import type { AuditEntryView } from "../../admin/types";
import { formatDateTime } from "../../../kit/format";

function recordLabel(entry: Pick<AuditEntryView, "recordType" | "recordId">): string {
  return `${entry.recordType.replace("-", " ")} ${entry.recordId}`;
}

/** Changed fields between an entry's before and after, as "field: old → new". */
function changes(before: unknown, after: unknown): string[] {
  if (!before || !after || typeof before !== "object" || typeof after !== "object") return [];
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  return Object.keys(a)
    .filter((key) => JSON.stringify(b[key]) !== JSON.stringify(a[key]))
    .slice(0, 4)
    .map((key) => `${key}: ${JSON.stringify(b[key] ?? null)} → ${JSON.stringify(a[key] ?? null)}`.slice(0, 140));
}

/** The audit log's entries: who did what to which record, when, and what changed. */
export function AuditList({ entries, empty }: { entries: AuditEntryView[]; empty: string }) {
  if (entries.length === 0) return <p className="admin-muted">{empty}</p>;
  return (
    <ol className="admin-audit">
      {entries.map((entry) => (
        <li key={entry.id}>
          <span className="admin-audit__what">
            <strong>{entry.actor}</strong> {entry.action.replace(/^[a-z-]+\./, "").replace(/-/g, " ")} <span className="admin-audit__record">{recordLabel(entry)}</span>
          </span>
          <time className="admin-audit__when" dateTime={entry.at}>
            {formatDateTime(entry.at)}
          </time>
          {changes(entry.before, entry.after).map((line) => (
            <span key={line} className="admin-audit__change">
              {line}
            </span>
          ))}
        </li>
      ))}
    </ol>
  );
}

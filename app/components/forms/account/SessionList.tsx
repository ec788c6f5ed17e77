import { Form } from "@remix-run/react";

export interface SessionRow {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  ip: string | null;
  userAgent: string | null;
  current: boolean;
}

const dateTime = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "Europe/London" });

/** A readable name for a browser from its user agent ("Firefox on Windows"). */
export function describeBrowser(userAgent: string | null): string {
  if (!userAgent) return "Unknown browser";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "A browser";
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  return system ? `${browser} on ${system}` : browser;
}

/** The member's sessions, each with its own 'end this session' button (the value on the button names it). */
export function SessionList({ sessions }: { sessions: SessionRow[] }) {
  return (
    <ul className="session-list">
      {sessions.map((session) => (
        <li key={session.id} className="session">
          <div>
            <p className="session__name">
              {describeBrowser(session.userAgent)}
              {session.current ? <span className="tag">this browser</span> : null}
            </p>
            <p className="session__meta">
              Last used {dateTime.format(new Date(session.lastUsedAt))} · started {dateTime.format(new Date(session.createdAt))}
              {session.ip ? ` · IP ${session.ip}` : ""}
            </p>
          </div>
          {session.current ? (
            <Form method="post" action="/logout">
              <button type="submit" className="button button--quiet">
                Log out
              </button>
            </Form>
          ) : (
            <Form method="post" action="/account/settings/sessions">
              <button type="submit" name="sessionId" value={session.id} className="button button--quiet">
                End this session
              </button>
            </Form>
          )}
        </li>
      ))}
    </ul>
  );
}

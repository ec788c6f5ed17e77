import { Form, useFetcher } from "@remix-run/react";
import type { SessionListItem } from "../../../auth/session-types";
import { BusyButton } from "../BusyButton";
import { FormAlert, formErrorOf } from "../FormParts";
import { formatDateTimeInWords } from "../../../../kit/format";



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

/**
 * The member's sessions, each with its own 'end this session' button (the value on the button names it).
 * With JavaScript the end-session forms go through a fetcher, so a failure shows here, in the session
 * message area of the page the member is on; without it the sessions page shows it.
 */
export function SessionList({ sessions, message }: { sessions: SessionListItem[]; /** A failure the page's own action answered (no JavaScript). */ message?: string | null }) {
  const ender = useFetcher<unknown>();
  return (
    <>
    <div className="session-message" aria-live="polite">
      <FormAlert message={ender.state === "idle" ? (formErrorOf(ender.data) ?? message) : null} />
    </div>
    <ul className="session-list">
      {sessions.map((session) => (
        <li key={session.id} className="session">
          <div>
            <p className="session__name">
              {describeBrowser(session.userAgent)}
              {session.current ? <span className="tag">this browser</span> : null}
            </p>
            <p className="session__meta">
              Last used {formatDateTimeInWords(session.lastUsedAt)} · started {formatDateTimeInWords(session.createdAt)}
              {session.ip ? ` · IP ${session.ip}` : ""}
            </p>
          </div>
          {session.current ? (
            <Form method="post" action="/logout">
              <BusyButton action="/logout" pending="Logging out…" className="button button--quiet">
                Log out
              </BusyButton>
            </Form>
          ) : (
            <ender.Form method="post" action="/account/settings/sessions">
              <BusyButton
                name="sessionId"
                value={session.id}
                fetcherState={ender.state !== "idle" && ender.formData?.get("sessionId") === session.id ? ender.state : "idle"}
                disabled={ender.state !== "idle"}
                pending="Ending…"
                className="button button--quiet"
              >
                End this session
              </BusyButton>
            </ender.Form>
          )}
        </li>
      ))}
    </ul>
    </>
  );
}

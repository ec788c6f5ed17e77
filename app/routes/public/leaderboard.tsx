import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getSessionUser } from "../../auth/guards.server";
import { appUrl } from "../../mail/links.server";
import { LEADERBOARD_PERIODS, type LeaderboardPeriod } from "../../members/types";
import { leaderboard } from "../../points/leaderboard.server";
import formStyles from "../../styles/forms.css?url";
import membersStyles from "../../styles/members.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: membersStyles },
];

const PERIOD_LABELS: Record<LeaderboardPeriod, string> = { month: "This month", year: "This year", all: "All time" };

/** /leaderboard?period=month|year|all: usernames, profile links and points only (never an email). */
export async function loader({ request }: LoaderFunctionArgs) {
  const requested = new URL(request.url).searchParams.get("period");
  const period = LEADERBOARD_PERIODS.find((value) => value === requested) ?? "month";
  const viewer = await getSessionUser(request);
  const rows = await leaderboard(period, viewer?.id ?? null);
  return { period, rows, signedIn: viewer !== null, shareUrl: `${appUrl()}/leaderboard?period=${period}` };
}

export default function Leaderboard() {
  const { period, rows, signedIn, shareUrl } = useLoaderData<typeof loader>();
  const me = rows.find((row) => row.isMe);
  return (
    <div className="container members-page leaderboard-page">
      <div className="leaderboard-head">
        <div>
          <p className="eyebrow">Treat Points</p>
          <h1>Leaderboard</h1>
        </div>
        <details className="share-tooltip">
          <summary className="button button--quiet">Share</summary>
          <div className="share-tooltip__body" role="group" aria-label="Share the leaderboard">
            <label htmlFor="leaderboard-share" className="field__label">
              Link to this leaderboard
            </label>
            <input id="leaderboard-share" className="field__input" readOnly value={shareUrl} />
            <a href={`https://x.com/intent/post?url=${encodeURIComponent(shareUrl)}`} rel="noopener noreferrer" target="_blank">
              Share on X<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </div>
        </details>
      </div>
      <nav aria-label="Leaderboard period" className="period-tabs">
        {LEADERBOARD_PERIODS.map((value) => (
          <Link key={value} to={`/leaderboard?period=${value}`} className={`period-tabs__tab${value === period ? " period-tabs__tab--active" : ""}`} aria-current={value === period ? "page" : undefined}>
            {PERIOD_LABELS[value]}
          </Link>
        ))}
      </nav>
      {me ? (
        <p className="leaderboard-me" role="status">
          You are <strong>#{me.rank}</strong> with {me.points.toLocaleString("en-GB")} Treat Points {period === "all" ? "in all" : PERIOD_LABELS[period].toLowerCase()}.
        </p>
      ) : signedIn ? (
        <p className="leaderboard-me">Collect Treat Points with reviews and listings to join the leaderboard.</p>
      ) : null}
      {rows.length === 0 ? (
        <p className="account-card__note">Nobody has collected Treat Points in this period yet.</p>
      ) : (
        <>
          <table className="leaderboard-table">
            <caption className="visually-hidden">Members by Treat Points, {PERIOD_LABELS[period].toLowerCase()}</caption>
            <thead>
              <tr>
                <th scope="col">Rank</th>
                <th scope="col">Member</th>
                <th scope="col">Reviews</th>
                <th scope="col">Treat Points</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.username} className={row.isMe ? "leaderboard-row--me" : undefined} aria-current={row.isMe ? "true" : undefined}>
                  <td>{row.rank}</td>
                  <td>
                    <Link to={`/profile/${row.username}`}>{row.username}</Link>
                    {row.isMe ? <span className="tag">you</span> : null}
                  </td>
                  <td>{row.reviews}</td>
                  <td>{row.points.toLocaleString("en-GB")}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ol className="leaderboard-list" aria-label={`Members by Treat Points, ${PERIOD_LABELS[period].toLowerCase()}`}>
            {rows.map((row) => (
              <li key={row.username} className={row.isMe ? "leaderboard-row--me" : undefined}>
                <details>
                  <summary>
                    <span className="leaderboard-list__rank">#{row.rank}</span> <span className="leaderboard-list__name">{row.username}</span>
                    {row.isMe ? <span className="tag">you</span> : null} <span className="leaderboard-list__points">{row.points.toLocaleString("en-GB")} points</span>
                  </summary>
                  <p>
                    {row.reviews === 1 ? "1 review" : `${row.reviews} reviews`} · <Link to={`/profile/${row.username}`}>View profile</Link>
                  </p>
                </details>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [
  { title: "Treat Points leaderboard — Pawroute" },
  { name: "description", content: "The Pawroute members with the most Treat Points this month, this year and of all time." },
];

import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { getSessionUser } from "../../auth/guards.server";
import { GiftIcon } from "../../components/treats/GiftIcon";
import { TreatImage } from "../../components/treats/TreatCard";
import { leaderboard } from "../../points/leaderboard.server";
import { claimStatus } from "../../treats/awarded.server";
import { TREAT_FAQS } from "../../treats/faqs";
import { publicTreats } from "../../treats/options.server";
import { POINTS_PER_CLAIM } from "../../treats/types";
import treatsStyles from "../../styles/treats.css?url";
import membersStyles from "../../styles/members.css?url";
import blogStyles from "../../styles/blog.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: membersStyles },
  { rel: "stylesheet", href: blogStyles },
  { rel: "stylesheet", href: treatsStyles },
];

export const meta: MetaFunction = () => [
  { title: "Treats: prizes for Pawroute members — Pawroute" },
  { name: "description", content: `Collect Treat Points and every ${POINTS_PER_CLAIM} earns a Treat: vouchers, free items and gifts for you and your dog.` },
];

const LEADERBOARD_ROWS = 10;

/** /treats: the featured Treat, the FAQs, this month's leaderboard and (?all=1 or the link) every Treat with its chance. */
export async function loader({ request }: LoaderFunctionArgs) {
  const viewer = await getSessionUser(request);
  const showAll = new URL(request.url).searchParams.get("all") === "1";
  const [{ featured, treats }, rows, status] = await Promise.all([publicTreats(), leaderboard("month", viewer?.id ?? null, LEADERBOARD_ROWS), viewer ? claimStatus(viewer.id) : Promise.resolve(null)]);
  return { featured, treats: showAll ? treats : treats.slice(0, 3), total: treats.length, showAll, rows, status };
}

/** Three gifts that pop once when scrolled into view (CSS leaves them still under prefers-reduced-motion). */
function ScrollGifts() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || !("IntersectionObserver" in window)) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        element.dataset.seen = "true";
        observer.disconnect();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className="treats-gifts" aria-hidden="true">
      <GiftIcon />
      <GiftIcon colour="brand" />
      <GiftIcon colour="clay" />
    </div>
  );
}

export default function Treats() {
  const { featured, treats, total, showAll, rows, status } = useLoaderData<typeof loader>();
  return (
    <div className="container members-page treats-page">
      <p className="eyebrow">Treat Points</p>
      <h1>Treats</h1>
      <div className="treats-hero">
        {featured ? (
          <section className="treats-featured" aria-labelledby="featured-treat">
            {featured.image ? <TreatImage image={featured.image} large className="treats-featured__image" /> : null}
            <p className="eyebrow">Featured Treat</p>
            <h2 id="featured-treat">{featured.name}</h2>
            <div className="treats-featured__text" dangerouslySetInnerHTML={{ __html: featured.descriptionHtml }} />
            <p>Chance of winning: {featured.chance}%</p>
          </section>
        ) : (
          <p>New Treats are on their way. Keep collecting Treat Points!</p>
        )}
        <div>
          <ScrollGifts />
          {status ? (
            status.owed > 0 ? (
              <p>
                <Link to="/account/claim-treat" className="button button--accent">
                  Claim your Treat
                </Link>
              </p>
            ) : (
              <p>
                You have {status.points.toLocaleString("en-GB")} Treat Points: {status.pointsToNext} more to your next Treat. <Link to="/account/treats">Your Treats</Link>
              </p>
            )
          ) : (
            <p>
              <Link to="/join" className="button button--accent">
                Join to win Treats
              </Link>{" "}
              or <Link to="/account/login/?redirectTo=/treats">log in</Link>.
            </p>
          )}
        </div>
      </div>

      <section className="treats-section" aria-labelledby="all-treats" id="all">
        <h2 id="all-treats">Treats you could win</h2>
        <ul className="treats-all">
          {treats.map((treat) => (
            <li key={treat.id} className="treat-card">
              <TreatImage image={treat.image} />
              <div className="treat-card__body">
                <h3 className="treat-card__name">{treat.name}</h3>
                <p className="treat-card__date">Chance of winning: {treat.chance}%</p>
              </div>
            </li>
          ))}
        </ul>
        {!showAll && total > treats.length ? (
          <p>
            <Link to="/treats?all=1#all">Show all {total} Treats</Link>
          </p>
        ) : null}
      </section>

      <section className="treats-section" aria-labelledby="treats-faqs">
        <h2 id="treats-faqs">Treats: your questions answered</h2>
        <div className="faqs">
          {TREAT_FAQS.map((faq) => (
            <details key={faq.id} className="faq" name="treat-faqs">
              <summary>
                <h3 className="faq__question">{faq.question}</h3>
              </summary>
              <p className="faq__answer">{faq.answer}</p>
            </details>
          ))}
        </div>
      </section>

      <section className="treats-section" aria-labelledby="treats-leaderboard">
        <h2 id="treats-leaderboard">This month's leaderboard</h2>
        {rows.length === 0 ? (
          <p>Nobody has collected Treat Points this month yet.</p>
        ) : (
          <table className="leaderboard-table treats-leaderboard">
            <thead>
              <tr>
                <th scope="col">Rank</th>
                <th scope="col">Member</th>
                <th scope="col">Treat Points</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.username} className={row.isMe ? "leaderboard-row--me" : undefined}>
                  <td>{row.rank}</td>
                  <td>
                    <Link to={`/profile/${row.username}`}>{row.username}</Link>
                  </td>
                  <td>{row.points.toLocaleString("en-GB")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p>
          <Link to="/leaderboard">See the full leaderboard</Link>
        </p>
      </section>
    </div>
  );
}

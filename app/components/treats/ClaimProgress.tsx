import { Link } from "@remix-run/react";
import { POINTS_PER_CLAIM, type ClaimStatus } from "../../treats/types";

/** How close the member is to their next Treat (docs/decisions/0110: one claim per 100 Treat Points). */
export function ClaimProgress({ status, link }: { status: ClaimStatus; link?: boolean }) {
  return (
    <section className="claim-progress" aria-label="Your progress to the next Treat">
      {status.owed > 0 ? (
        <p className="claim-progress__owed">
          You have <strong>{status.owed === 1 ? "a Treat" : `${status.owed} Treats`}</strong> to claim!
          {link ? (
            <>
              {" "}
              <Link to="/account/claim-treat" className="button button--accent button--small">
                Claim your Treat
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      <p>
        You have {status.points.toLocaleString("en-GB")} Treat Points. Every {POINTS_PER_CLAIM} Treat Points earns a Treat: {status.pointsToNext} more to your next one.
      </p>
      <progress className="claim-progress__bar" max={100} value={status.progressPercent} aria-label={`${status.progressPercent}% of the way to your next Treat`}>
        {status.progressPercent}%
      </progress>
    </section>
  );
}

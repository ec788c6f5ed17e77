import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { statusLabel, TREAT_MESSAGES, treatDate, type AwardedTreatView, type TreatImageView } from "../../treats/types";
import { GiftIcon } from "./GiftIcon";

/** The card's date line for each state (DD/MM/YYYY, spec §9). */
function DateLine({ treat }: { treat: AwardedTreatView }) {
  if (treat.dateRedeemed) return <p className="treat-card__date">Redeemed on {treatDate(treat.dateRedeemed.timestamp)}</p>;
  if (treat.dateGifted) {
    return (
      <p className="treat-card__date">
        Gifted to{" "}
        {treat.giftedUser?.username ? <Link to={`/profile/${encodeURIComponent(treat.giftedUser.username)}`}>{treat.giftedUser.username}</Link> : "a Pawroute member"} on{" "}
        {treatDate(treat.dateGifted.timestamp)}
      </p>
    );
  }
  if (treat.status === "expired" && treat.expiryDate) return <p className="treat-card__date">Expired on {treatDate(treat.expiryDate.timestamp)}</p>;
  if (treat.expiryDate) return <p className="treat-card__date">Use by {treatDate(treat.expiryDate.timestamp)}</p>;
  return <p className="treat-card__date">Won on {treatDate(Math.floor(new Date(treat.wonAt).getTime() / 1000))}</p>;
}

/**
 * A Treat's picture (decorative: the name is next to it), or the gift drawing when it has none. Cards use
 * the thumbnail (version 6), and the larger version where a phone shows the picture full width.
 */
export function TreatImage({ image, large, className = "treat-card__image" }: { image: TreatImageView | null; large?: boolean; className?: string }) {
  if (!image) return <GiftIcon className="treat-card__placeholder" />;
  if (large) return <img src={image.large} alt="" className={className} width={320} height={240} loading="lazy" />;
  return <img src={image.thumb} srcSet={`${image.thumb} 160w, ${image.large} 640w`} sizes="(max-width: 600px) 100vw, 96px" alt="" className={className} width={160} height={120} loading="lazy" />;
}

/** One awarded Treat: image, name, status label, date and its actions (disabled unless the Treat is active). */
export function TreatCard({ treat, actions }: { treat: AwardedTreatView; actions?: ReactNode }) {
  return (
    <article className={`treat-card treat-card--${treat.status}`} aria-labelledby={`treat-${treat.hexId}-name`}>
      <TreatImage image={treat.option.image} />
      <div className="treat-card__body">
        <p className={`treat-status treat-status--${treat.status}`}>{statusLabel(treat.status)}</p>
        <h3 id={`treat-${treat.hexId}-name`} className="treat-card__name">
          {treat.option.name}
        </h3>
        <DateLine treat={treat} />
        {actions ? <div className="treat-card__actions">{actions}</div> : null}
      </div>
    </article>
  );
}

/** The spec's 'Go back to Treats' link under a single Treat. */
export function BackToTreats() {
  return (
    <p>
      <Link to="/account/treats">{TREAT_MESSAGES.backToTreats}</Link>
    </p>
  );
}

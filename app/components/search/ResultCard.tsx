import { formatMiles } from "../../../kit/format";
import { FavouriteToggle } from "../listing/FavouriteToggle";
import { listingImage } from "../../search/format";
import { listingKindName, listingType } from "../../search/listing-types";
import type { ResultCard as Card } from "../../search/view-model";

/** What a result's distance is measured from, by search type. */
const DISTANCE_FROM: Record<string, string> = { route: "from the route", road: "from the junction", location: "away", browse: "away" };

/** The favourite toggle of a card: a member's saved or unsaved state, a visitor's log-in tooltip; both come back to `returnTo`. */
export interface CardFavourite {
  member: boolean;
  isFavourite: boolean;
  returnTo: string;
}

/** One result: thumbnail (the first photo, else the type's drawing), title, type, distance, junction, snippet, the premium marker and the favourite toggle. */
export function ResultCard({ card, position, searchType, favourite }: { card: Card; position: number; searchType: string; favourite?: CardFavourite }) {
  const type = listingType(card.typeId);
  const image = listingImage(card.thumbnail, card.typeId, 6);
  const titleId = `result-${card.id}-title`;
  return (
    <li id={`result-${card.id}`} className={`result-card result-card--${type.theme}`} data-result-id={card.id} data-position={position} aria-labelledby={titleId}>
      <img className="result-card__image" src={image.src} width={image.width} height={image.height} alt="" loading={position > 4 ? "lazy" : undefined} />
      <div className="result-card__head">
        <p className="result-card__meta">
          <span className={`type-chip type-chip--${type.theme}`}>{listingKindName(card.typeId, card.url)}</span>
          {card.premium ? <span className="premium-chip">Premium</span> : null}
        </p>
        {favourite ? (
          <div className="result-card__favourite">
            <FavouriteToggle compact listingUrl={card.url} title={card.title} member={favourite.member} isFavourite={favourite.isFavourite} returnTo={favourite.returnTo} />
          </div>
        ) : null}
        <h3 className="result-card__title" id={titleId}>
          <a href={card.url}>{card.title}</a>
        </h3>
        <p className="result-card__facts">
          {card.distance !== null ? <span className="result-card__distance">
              {formatMiles(card.distance)} {DISTANCE_FROM[searchType] ?? "away"}
            </span> : null}
          {card.distanceIn !== null ? <span>{formatMiles(card.distanceIn)} into your journey</span> : null}
          {card.junction && card.junctionHref ? (
            <a className="result-card__junction" href={card.junctionHref} aria-label={`Places near ${card.junction}`}>
              {card.junction}
            </a>
          ) : card.junction ? (
            <span className="result-card__junction">{card.junction}</span>
          ) : null}
          {card.place ? <span>{card.place}</span> : null}
        </p>
      </div>
      {card.snippet ? <p className="result-card__snippet">{card.snippet}</p> : null}
    </li>
  );
}

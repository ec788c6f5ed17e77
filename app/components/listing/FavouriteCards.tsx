import { Form } from "@remix-run/react";
import { BusyButton } from "../forms/BusyButton";
import { ResultCard } from "../search/ResultCard";
import type { ResultCard as Card } from "../../search/view-model";

/** Favourites as the search list's result cards; on the member's own list each has a remove button. */
export function FavouriteCards({ cards, removable }: { cards: Card[]; removable: boolean }) {
  if (cards.length === 0) return <p className="empty-note">There is nothing in this list yet. Use the heart on a listing to save it here.</p>;
  return (
    <div className="favourite-cards">
      {cards.map((card, index) => (
        <div key={card.id} className="favourite-card">
          <ul className="result-list">
            <ResultCard card={card} position={index + 1} searchType="browse" />
          </ul>
          {removable ? (
            <Form method="post" className="favourite-card__remove">
              <input type="hidden" name="intent" value="remove" />
              <BusyButton name="listingId" value={card.id} pending="Removing…" className="button button--quiet">
                Remove<span className="visually-hidden"> {card.title}</span> from this list
              </BusyButton>
            </Form>
          ) : null}
        </div>
      ))}
    </div>
  );
}

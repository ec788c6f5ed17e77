import { MembersOnlyFavourite } from "../MembersOnlyFavourite";
import { HydratesLate, lateComponent } from "../search/hooks";

// A member's toggle (fetchers, the tooltip, the lists editor's modal) is not in the page's first
// JavaScript: it loads as the page hydrates (decision 0321). A visitor's is a link and a tooltip.
const MemberFavourite = lateComponent(() => import("./MemberFavourite").then((module) => module.MemberFavourite));

export interface FavouriteProps {
  listingUrl: string;
  title: string;
  member: boolean;
  isFavourite: boolean;
  /** Where a plain (no-JavaScript) save and the log-in link come back to; the listing page by default. */
  returnTo?: string;
  /** The small toggle of a result card: short words, the listing's title for screen readers. */
  compact?: boolean;
}

/**
 * The favourite toggle (spec §4). A visitor gets a members-only tooltip with log-in and join links.
 * A member adds a listing that is not yet favourite to the default list (a tooltip says so for 3 s);
 * an already favourite listing opens the list editor (a modal with JavaScript, the page without).
 * The editor stays open when the listing leaves its last list; a failure is shown as an alert.
 */
export function FavouriteToggle(props: FavouriteProps) {
  // Two components, so a visitor's toggle (every card of an anonymous results page) runs no fetchers.
  return props.member ? (
    <HydratesLate>
      <MemberFavourite {...props} />
    </HydratesLate>
  ) : (
    <VisitorFavourite {...props} />
  );
}

/** The members-only tooltip: no fetchers and no router hooks, one on every card of an anonymous results page (decision 0199). */
function VisitorFavourite({ listingUrl, title, returnTo, compact = false }: FavouriteProps) {
  return (
    <MembersOnlyFavourite className={compact ? "favourite--compact" : undefined} returnTo={returnTo ?? listingUrl} saveWhat="places to your lists">
      {compact ? "Save" : "Save to favourites"}
      {compact ? <span className="visually-hidden"> {title}</span> : null}
    </MembersOnlyFavourite>
  );
}


import { formatMiles } from "../../../kit/format";
import { Link } from "@remix-run/react";
import { listingKindName, listingType } from "../../search/listing-types";
import type { ListingPageData } from "../../listings/page.server";
import type { ListingExtras } from "../../listings/version-data";
import { joinPlaceParts } from "../../listings/place-words";

const EXTRA_LABELS: [keyof ListingExtras, string][] = [
  ["walkLengthMiles", "Walk length (miles)"],
  ["walkSurface", "Paths"],
  ["pubName", "Pub"],
  ["openingHours", "Opening hours"],
  ["beachName", "Beach"],
  ["dogRestrictions", "Dog restrictions"],
  ["department", "Département"],
  ["autorouteExit", "Autoroute exit (sortie)"],
];

/** Address, facilities and the extra details of the listing form's sections. */
export function ListingFacts({ listing }: { listing: ListingPageData["listing"] }) {
  const extras = EXTRA_LABELS.flatMap(([key, label]) => {
    const value = listing.extras[key];
    return value ? [{ key, label, value }] : [];
  });
  return (
    <section className="listing-facts" aria-labelledby="facts-title">
      <h2 id="facts-title">Details</h2>
      <dl className="listing-facts__list">
        {listing.address ? (
          <div>
            <dt>Address</dt>
            <dd>
              <address>{joinPlaceParts([listing.address.line, listing.address.town, listing.address.county, listing.address.postcode, listing.address.country])}</address>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Type</dt>
          <dd>
            {listing.typeName}
            {listing.typeId === 1 && listing.hasPub ? " with a pub" : ""}
            {listing.typeId === 1 && listing.hasBeach ? " with a beach" : ""}
          </dd>
        </div>
        {extras.map((extra) => (
          <div key={extra.key}>
            <dt>{extra.label}</dt>
            <dd>{extra.value}</dd>
          </div>
        ))}
      </dl>
      {listing.facilities.length > 0 ? (
        <>
          <h3 className="listing-facts__subtitle">Facilities</h3>
          <ul className="facility-list">
            {listing.facilities.map((facility) => (
              <li key={facility.id} className="facility-list__item">
                {facility.name}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** Up to three places of the listing's type within 0.3 miles; with none, says so and offers the nearest of any type. */
export function NearbyList({ nearby, typeId }: { nearby: ListingPageData["nearby"]; typeId: number }) {
  const { kind, places } = nearby;
  const kindName = listingType(typeId).many.toLowerCase();
  return (
    <section className="nearby" aria-labelledby="nearby-title">
      <h2 id="nearby-title">Nearby</h2>
      {kind === "any-type" ? (
        <p className="nearby__note">
          There are no other {kindName} within {nearby.sameTypeMiles} miles.{" "}
          {places.length > 0 ? "These are the nearest places of any kind:" : `Nor is there any other place within ${nearby.anyTypeMiles} miles.`}
        </p>
      ) : null}
      {places.length === 0 ? (
        kind === "same-type" ? <p>No other places of this kind within {nearby.sameTypeMiles} miles.</p> : null
      ) : (
        <ul className="nearby__list">
          {places.map((place) => (
            <li key={place.id} className="nearby__item">
              <span className={`type-chip type-chip--${listingType(place.typeId).theme}`}>{listingKindName(place.typeId, place.url)}</span>
              <Link to={place.url}>{place.title}</Link>
              {place.distance !== null ? <span className="nearby__distance">{formatMiles(place.distance)} away</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { RoadBadge } from "../../../components/RoadBadge";
import { StatusPage } from "../../../components/StatusPage";
import { Gallery } from "../../../components/gallery/Gallery";
import { DirectionsLink } from "../../../components/listing/Directions";
import { FavouriteToggle } from "../../../components/listing/FavouriteToggle";
import { HistoryLink } from "../../../components/listing/History";
import { LimitReached } from "../../../components/listing/LimitModal";
import { ListingFacts, NearbyList } from "../../../components/listing/ListingDetails";
import { ListingMiniMap } from "../../../components/listing/ListingMiniMap";
import { KeepOffline } from "../../../components/offline/KeepOffline";
import { WriteReviewLink } from "../../../components/listing/ReviewForm";
import { ReviewList } from "../../../components/listing/ReviewList";
import { PrintButton, ShareButton } from "../../../components/listing/ShareButton";
import { Stars } from "../../../components/listing/Stars";
import { LISTING_STATUS } from "../../../../core/listing-status";
import { loadListingPage } from "../../../listings/page.server";
import { listingType } from "../../../search/listing-types";
import formStyles from "../../../styles/forms.css?url";
import searchStyles from "../../../styles/search.css?url";
import listingFormStyles from "../../../styles/listing-form.css?url";
import lightboxStyles from "../../../styles/lightbox.css?url";
import listingStyles from "../../../styles/listing.css?url";
import { junctionHref } from "../../../search/url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: searchStyles },
  { rel: "stylesheet", href: listingStyles },
  { rel: "stylesheet", href: lightboxStyles },
  { rel: "stylesheet", href: listingFormStyles },
];

export function loader({ request, params }: LoaderFunctionArgs) {
  return loadListingPage(request, params.slug);
}

const STATUS_NOTES: Record<number, string> = {
  [LISTING_STATUS.submitted]: "This listing is waiting for moderation. Only you and our team can see it.",
  [LISTING_STATUS.denied]: "This listing was not accepted. Only you and our team can see it.",
  [LISTING_STATUS.draft]: "This is a draft. Only you and our team can see it until you submit it.",
};

export default function ListingPage() {
  const page = useLoaderData<typeof loader>();
  const { listing, viewer, gate } = page;
  const theme = listingType(listing.typeId).theme;
  const [params] = useSearchParams();
  const notice =
    params.get("held") === "1"
      ? "Thank you! Your listing will be sent to our team as soon as you confirm your email address with the link we sent you."
      : params.get("pending") === "1"
        ? "Thank you! Your changes have been sent to our team and will show once they are checked."
        : params.get("saved") === "1"
          ? "Saved to your favourites."
          : null;
  return (
    <article className={`listing container listing--${theme}`} aria-labelledby="listing-title">
      {page.structuredData ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: page.structuredData }} /> : null}
      <header className="listing__header">
        <p className="listing__eyebrow">
          <span className={`type-chip type-chip--${theme}`}>{listing.typeName}</span>
          {listing.premium ? <span className="premium-chip">Premium</span> : null}
        </p>
        <h1 id="listing-title" className="listing__title">
          {listing.fullTitle}
        </h1>
        <p className="listing__where">
          {listing.road ? (
            <Link to={`/browse/road/${listing.road.country}/${listing.road.slug}`} className="listing__road">
              <RoadBadge name={listing.road.name} country={listing.road.country} motorway={listing.road.motorway} />
              <span className="visually-hidden"> {listing.road.name}</span>
            </Link>
          ) : null}
          {listing.junction && listing.road ? (
            <Link to={junctionHref(listing.road, listing.junction.number)} className="listing__junction" aria-label={`Places near ${listing.road.name} ${listing.junction.expandedName}`}>
              {listing.junction.expandedName}
            </Link>
          ) : listing.junction ? (
            <span className="listing__junction">{listing.junction.expandedName}</span>
          ) : null}
          {page.reviewSummary.average !== null ? (
            <a href="#reviews-title" className="listing__rating">
              <Stars rating={page.reviewSummary.average} size="sm" /> {page.reviewSummary.count === 1 ? "1 review" : `${page.reviewSummary.count} reviews`}
            </a>
          ) : null}
        </p>
      </header>

      {STATUS_NOTES[listing.status] ? (
        <p className="form-notice listing__status" role="status">
          {STATUS_NOTES[listing.status]} {viewer.member ? <Link to="/account/listings">See all your listings</Link> : null}
        </p>
      ) : null}

      <nav className="listing__actions" aria-label="Things to do with this listing">
        <WriteReviewLink listingUrl={listing.url} member={viewer.member} />
        <FavouriteToggle listingUrl={listing.url} title={listing.title} member={viewer.member} isFavourite={viewer.isFavourite} />
        {gate.locked ? null : (
          <DirectionsLink listingId={listing.id} listingUrl={listing.url} />
        )}
        <PrintButton />
        <ShareButton url={page.shareUrl} title={listing.fullTitle} />
        <HistoryLink listingId={listing.id} title={listing.title} />
        {gate.locked ? null : <KeepOffline kind="listing" id={String(listing.id)} title={listing.title} />}
        {viewer.canEdit ? (
          <Link to={`${listing.url}/edit`} className="button button--quiet">
            Edit
          </Link>
        ) : null}
      </nav>
      {notice ? (
        <p className="form-notice" role="status">
          {notice} {params.get("pending") === "1" || params.get("held") === "1" ? <Link to="/account/listings">See all your listings</Link> : params.get("saved") === "1" ? <Link to="/account/favourites">See your favourites</Link> : null}
        </p>
      ) : null}
      {page.pendingReviews > 0 ? (
        <p className="form-notice" role="status">
          Thank you for your review. It will appear here once our team has checked it. <Link to="/account/reviews">See all your reviews</Link>
        </p>
      ) : null}

      <div className="listing__body">
        <div className="listing__main">
          <Gallery images={page.gallery} title={listing.title} />
          <section className="listing__description" aria-label="Description" dangerouslySetInnerHTML={{ __html: listing.description }} />
          {gate.locked ? <LimitReached showModal={gate.showModal} listingUrl={listing.url} member={viewer.member} /> : null}
          <ReviewList reviews={page.reviews} summary={page.reviewSummary} title={listing.title} />
        </div>
        <aside className="listing__aside">
          <ListingFacts listing={listing} />
          {listing.address ? <ListingMiniMap lat={listing.lat} lng={listing.lng} url={listing.url} title={listing.title} /> : null}
          <NearbyList nearby={page.nearby} typeId={listing.typeId} />
        </aside>
      </div>
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "We can't find that page — Pawroute" }];
  const tags = [
    { title: `${data.listing.fullTitle} — Pawroute` },
    { name: "description", content: data.metaDescription },
    { property: "og:title", content: data.listing.fullTitle },
    { property: "og:url", content: data.shareUrl },
    { tagName: "link", rel: "canonical", href: data.shareUrl },
  ];
  return data.listing.status === LISTING_STATUS.live ? tags : [...tags, { name: "robots", content: "noindex" }];
};

export function ErrorBoundary() {
  return <StatusPage />;
}

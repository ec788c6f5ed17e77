import type { ListingPageData } from "../../listings/page.server";
import { Gallery } from "../gallery/Gallery";
import { Stars } from "./Stars";
import { formatDateInWords } from "../../../kit/format";


/** The reviews toggle: a disclosure that works without JavaScript; review text is plain text, never HTML. */
export function ReviewList({ reviews, summary, title }: { reviews: ListingPageData["reviews"]; summary: ListingPageData["reviewSummary"]; title: string }) {
  return (
    <section className="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">Reviews</h2>
      {summary.count === 0 ? (
        <p>No reviews yet. Be the first to tell other dog owners about it.</p>
      ) : (
        <details className="reviews__toggle" open={summary.count <= 3}>
          <summary>
            {summary.average !== null ? <Stars rating={summary.average} size="sm" /> : null} {summary.count === 1 ? "1 review" : `${summary.count} reviews`}
            <span className="reviews__toggle-hint"> (show or hide)</span>
          </summary>
          <ol className="reviews__list">
            {reviews.map((review) => (
              <li key={review.id} className="review" data-review-id={review.id}>
                <p className="review__meta">
                  <Stars rating={review.rating} size="sm" /> <span className="review__author">{review.user.username}</span> ·{" "}
                  <time dateTime={new Date(review.date.timestamp * 1000).toISOString()}>{formatDateInWords(review.date.timestamp * 1000)}</time>
                </p>
                {review.title ? <h3 className="review__title">{review.title}</h3> : null}
                <p className="review__content">{review.content}</p>
                <Gallery images={review.gallery} title={`${review.user.username}'s review of ${title}`} />
              </li>
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}

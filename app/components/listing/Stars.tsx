/** A rating shown as five stars, read out as "4 out of 5 stars". */
export function Stars({ rating, size = "md" }: { rating: number; size?: "sm" | "md" }) {
  const full = Math.round(rating);
  return (
    <span className={`stars stars--${size}`} role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((star) => (
        <span key={star} className={star <= full ? "stars__star stars__star--on" : "stars__star"} aria-hidden="true">
          ★
        </span>
      ))}
    </span>
  );
}

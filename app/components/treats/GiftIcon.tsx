/** A wrapped gift with a paw on its tag: the Treats' picture where an option has no image. */
export function GiftIcon({ className, colour = "accent" }: { className?: string; colour?: "accent" | "brand" | "clay" }) {
  return (
    <svg viewBox="0 0 120 120" className={`${className ?? ""} gift-icon gift-icon--${colour}`} aria-hidden="true" focusable="false">
      <rect x="18" y="48" width="84" height="60" rx="6" className="gift-icon__box" />
      <rect x="12" y="34" width="96" height="20" rx="5" className="gift-icon__lid" />
      <rect x="54" y="34" width="12" height="74" className="gift-icon__ribbon" />
      <path d="M60 34c-8-16-30-18-30-6 0 8 16 8 30 6zm0 0c8-16 30-18 30-6 0 8-16 8-30 6z" className="gift-icon__bow" />
      <circle cx="84" cy="80" r="9" className="gift-icon__tag" />
      <circle cx="80" cy="77" r="1.8" className="gift-icon__paw" />
      <circle cx="84" cy="75" r="1.8" className="gift-icon__paw" />
      <circle cx="88" cy="77" r="1.8" className="gift-icon__paw" />
      <ellipse cx="84" cy="82.5" rx="3.2" ry="2.6" className="gift-icon__paw" />
    </svg>
  );
}

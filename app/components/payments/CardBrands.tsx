// The four card brands the spec names (§9: visa, mastercard, maestro, american express), drawn here as
// small SVG marks (no downloaded artwork), shown beside the card field; the sentence beside them is what
// assistive technology reads.

const MARK = { width: 40, height: 26, viewBox: "0 0 40 26", focusable: "false" as const, "aria-hidden": true };

function Visa() {
  return (
    <svg {...MARK}>
      <rect width="40" height="26" rx="4" fill="#1a1f71" />
      <text x="20" y="17.5" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="11" fontWeight="800" fontStyle="italic" fill="#ffffff" letterSpacing="0.5">
        VISA
      </text>
    </svg>
  );
}

function Mastercard() {
  return (
    <svg {...MARK}>
      <rect width="40" height="26" rx="4" fill="#222222" />
      <circle cx="16" cy="13" r="7.5" fill="#eb001b" />
      <circle cx="24" cy="13" r="7.5" fill="#f79e1b" fillOpacity="0.9" />
    </svg>
  );
}

function Maestro() {
  return (
    <svg {...MARK}>
      <rect width="40" height="26" rx="4" fill="#ffffff" stroke="#c9c1b2" />
      <circle cx="16" cy="13" r="7.5" fill="#eb001b" />
      <circle cx="24" cy="13" r="7.5" fill="#00a2e5" fillOpacity="0.85" />
    </svg>
  );
}

function AmericanExpress() {
  return (
    <svg {...MARK}>
      <rect width="40" height="26" rx="4" fill="#2e77bc" />
      <text x="20" y="16.5" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="8.5" fontWeight="800" fill="#ffffff" letterSpacing="0.3">
        AMEX
      </text>
    </svg>
  );
}

export function CardBrands() {
  return (
    <p className="card-brands">
      <span className="card-brands__marks" aria-hidden="true">
        <Visa />
        <Mastercard />
        <Maestro />
        <AmericanExpress />
      </span>
      <span className="card-brands__text">We accept Visa, Mastercard, Maestro and American Express.</span>
    </p>
  );
}

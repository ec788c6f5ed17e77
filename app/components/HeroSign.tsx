/** The homepage illustration: a motorway-style sign pointing to the things dogs care about. Decorative. */
export function HeroSign() {
  return (
    <svg className="hero-sign" viewBox="0 0 320 260" aria-hidden="true" focusable="false">
      <ellipse className="hero-sign__hill" cx="160" cy="246" rx="150" ry="18" />
      <rect className="hero-sign__post" x="92" y="170" width="12" height="78" rx="3" />
      <rect className="hero-sign__post" x="216" y="170" width="12" height="78" rx="3" />
      <rect className="hero-sign__board" x="20" y="20" width="280" height="160" rx="16" />
      <rect className="hero-sign__edge" x="30" y="30" width="260" height="140" rx="10" />
      <circle className="hero-sign__paw-bg" cx="78" cy="82" r="30" />
      <g className="hero-sign__paw" transform="translate(78 84)">
        <ellipse cx="0" cy="6" rx="11" ry="9" />
        <circle cx="-13" cy="-6" r="4.5" />
        <circle cx="-5" cy="-15" r="4.5" />
        <circle cx="5" cy="-15" r="4.5" />
        <circle cx="13" cy="-6" r="4.5" />
      </g>
      <text className="hero-sign__title" x="124" y="80">
        Walkies
      </text>
      <text className="hero-sign__sub" x="124" y="106">
        Pub · Beach · Vet
      </text>
      <line className="hero-sign__rule" x1="44" y1="126" x2="276" y2="126" />
      <path className="hero-sign__arrow" d="M52 150h44m-12-11 12 11-12 11" />
      <text className="hero-sign__distance" x="272" y="158" textAnchor="end">
        ½ mile
      </text>
    </svg>
  );
}

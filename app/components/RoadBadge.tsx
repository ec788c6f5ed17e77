/** A road's name split as the spec says: the road code (letters, digits, optional "(M)"), then any trailing text. */
export function splitRoadName(name: string): { code: string; extra: string } {
  const match = /^([A-Za-z]{1,2}\d+[A-Za-z]?(?:\s?\(M\))?)\s*(.*)$/.exec(name.trim());
  return match ? { code: match[1], extra: match[2] } : { code: name.trim(), extra: "" };
}

interface RoadSortKey {
  rank: number;
  letters: string;
  number: number;
  rest: string;
}

/** Each road name's sort key, worked out once (a sort compares each road several times, and pages sort the same roads on every render). */
const sortKeys = new Map<string, RoadSortKey>();

function sortKey(road: { name: string; motorway: boolean }): RoadSortKey {
  const id = `${road.motorway ? 0 : 1}${road.name}`;
  let key = sortKeys.get(id);
  if (!key) {
    const { code, extra } = splitRoadName(road.name);
    const letters = /^[A-Za-z]+/.exec(code)?.[0] ?? "";
    key = { rank: road.motorway ? 0 : 1, letters, number: Number.parseInt(code.slice(letters.length), 10) || 0, rest: code + extra };
    // Roads are an operator's list, but a name is still bounded input: never let the table grow without end.
    if (sortKeys.size >= 10_000) sortKeys.clear();
    sortKeys.set(id, key);
  }
  return key;
}

/** Sign order: motorways first, then by letter (M before A), number, and any trailing text ("M6" before "M6 Toll"). */
export function compareRoads(a: { name: string; motorway: boolean }, b: { name: string; motorway: boolean }): number {
  const x = sortKey(a);
  const y = sortKey(b);
  return x.rank - y.rank || y.letters.localeCompare(x.letters) || x.number - y.number || x.rest.localeCompare(y.rest);
}

export interface RoadBadgeProps {
  name: string;
  /** Country slug: united-kingdom or france. */
  country: string;
  motorway: boolean;
}

/** The road code styled like its sign: UK motorways blue, UK A-roads green and yellow, French roads red. */
export function RoadBadge({ name, country, motorway }: RoadBadgeProps) {
  const { code, extra } = splitRoadName(name);
  return (
    <span className={`road-badge road-badge--${country} road-badge--${motorway ? "motorway" : "road"}`}>
      <span className="road-badge__code">{code}</span>
      {extra ? <span className="road-badge__extra">{extra}</span> : null}
    </span>
  );
}

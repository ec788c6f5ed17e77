import { haversineMetres, samePosition, type Position } from "./geometry";

/** A stretch of route whose distance and time are known as a whole: an edge, a connector, an OSRM segment. */
export interface RoutePiece {
  coordinates: Position[];
  metres: number;
  seconds: number;
}

export interface Measure {
  metres: number;
  seconds: number;
}

export interface MeasuredLine {
  coordinates: Position[];
  measures: Measure[];
  distanceMetres: number;
  durationSeconds: number;
}

function segmentLengths(coordinates: Position[]): number[] {
  const lengths: number[] = [];
  for (let i = 1; i < coordinates.length; i++) lengths.push(haversineMetres(coordinates[i - 1], coordinates[i]));
  return lengths;
}

/**
 * Joins pieces end to end into one line with cumulative metres and seconds at every coordinate.
 * Within a piece the totals are spread in proportion to the length of each segment, which is
 * what "interpolate linearly" means for a polyline. A coordinate shared by two pieces appears once.
 */
export function joinPieces(pieces: RoutePiece[]): MeasuredLine {
  const coordinates: Position[] = [];
  const measures: Measure[] = [];
  let metres = 0;
  let seconds = 0;

  const visit = (position: Position) => {
    const last = coordinates[coordinates.length - 1];
    if (last && samePosition(last, position)) {
      // Same place again (a join, or a zero-length segment): its time still counts, at this point.
      measures[measures.length - 1] = { metres, seconds };
      return;
    }
    coordinates.push(position);
    measures.push({ metres, seconds });
  };

  for (const piece of pieces) {
    const lengths = segmentLengths(piece.coordinates);
    const total = lengths.reduce((sum, length) => sum + length, 0);
    piece.coordinates.forEach((position, i) => {
      if (i > 0) {
        const share = total > 0 ? lengths[i - 1] / total : 1 / lengths.length;
        metres += piece.metres * share;
        seconds += piece.seconds * share;
      }
      visit(position);
    });
    if (piece.coordinates.length === 1) {
      metres += piece.metres;
      seconds += piece.seconds;
      visit(piece.coordinates[0]);
    }
  }
  return { coordinates, measures, distanceMetres: metres, durationSeconds: seconds };
}

/** Metres along the route after `seconds` of driving (the route's own time measures). */
export function metresAfterSeconds(route: MeasuredLine, seconds: number): number {
  const m = route.measures;
  if (seconds <= 0) return 0;
  for (let i = 1; i < m.length; i++) {
    if (m[i].seconds >= seconds) {
      const span = m[i].seconds - m[i - 1].seconds;
      const t = span > 0 ? (seconds - m[i - 1].seconds) / span : 1;
      return m[i - 1].metres + t * (m[i].metres - m[i - 1].metres);
    }
  }
  return route.distanceMetres;
}

/** The point of the route `metres` from the start. */
export function pointAtMetres(route: MeasuredLine, metres: number): [number, number] {
  const m = route.measures;
  const c = route.coordinates;
  for (let i = 1; i < m.length; i++) {
    if (m[i].metres >= metres) {
      const span = m[i].metres - m[i - 1].metres;
      const t = span > 0 ? Math.max(0, (metres - m[i - 1].metres) / span) : 1;
      return [c[i - 1][0] + t * (c[i][0] - c[i - 1][0]), c[i - 1][1] + t * (c[i][1] - c[i - 1][1])];
    }
  }
  return c[c.length - 1];
}

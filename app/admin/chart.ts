import { formatDayMonth } from "../../kit/format";
/** One bar of a weekly chart: the Monday that starts the week (YYYY-MM-DD) and the count. */
export interface WeeklyPoint {
  week: string;
  count: number;
}

/** A round, even top for the value axis (so its half is a whole number): 1, 2, 4, 6, 8 × 10ⁿ at or above the largest count, at least 4. */
export function niceMaximum(values: number[]): number {
  const max = Math.max(4, ...values);
  const magnitude = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 4, 6, 8, 10]) if (step * magnitude >= max && (step * magnitude) % 2 === 0) return step * magnitude;
  return 10 * magnitude;
}

/** "23 Nov" for a YYYY-MM-DD week start. */
export function weekLabel(week: string): string {
  return formatDayMonth(week);
}

import { LONDON } from "../../kit/format";

/** Trip times are wall-clock times in Europe/London (the departure typed in the form, the exports' events). */
export const TRIP_TIME_ZONE = LONDON;

const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: TRIP_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

function londonFields(ms: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of parts.formatToParts(new Date(ms))) if (p.type !== "literal") out[p.type] = Number(p.value);
  return out;
}

/** Milliseconds London is ahead of UTC at that instant (0 or one hour). */
function londonOffsetMs(ms: number): number {
  const f = londonFields(ms);
  return Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second) - Math.floor(ms / 1000) * 1000;
}

/** The instant of a London wall-clock time "YYYY-MM-DDTHH:mm". */
export function londonToInstant(local: string): Date {
  const [date, time] = local.split("T");
  const [y, mo, d] = date.split("-").map(Number);
  const [h, mi] = time.split(":").map(Number);
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  const first = guess - londonOffsetMs(guess);
  return new Date(guess - londonOffsetMs(first));
}

/** "YYYY-MM-DDTHH:mm" in London for an instant (what the form's datetime-local field holds). */
export function instantToLondon(at: Date): string {
  const f = londonFields(at.getTime());
  const two = (n: number) => String(n).padStart(2, "0");
  return `${f.year}-${two(f.month)}-${two(f.day)}T${two(f.hour)}:${two(f.minute)}`;
}

/** The next whole hour in London: the form's default departure. */
export function nextWholeHour(now: Date): string {
  return instantToLondon(new Date(Math.ceil((now.getTime() + 1) / 3_600_000) * 3_600_000));
}

/** The next 09:00 in London after an instant, at least 8 hours later: when an overnight stop ends. */
export function nextMorning(at: Date): Date {
  const local = instantToLondon(new Date(at.getTime() + 8 * 3_600_000));
  const [date, time] = local.split("T");
  const candidate = londonToInstant(`${date}T09:00`);
  if (time <= "09:00") return candidate;
  const nextDay = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)) + 1));
  return londonToInstant(`${nextDay.toISOString().slice(0, 10)}T09:00`);
}

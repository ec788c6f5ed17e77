// Formatting for people, one way each: instants in Europe/London, calendar days as they are, money in
// pence as pounds, distances in miles, drive times in hours and minutes. Pure and client-safe: app/,
// geo/, db/ and the browser all use it, and it imports nothing.

/** The time zone every date and time is shown in (the directory's members are in the UK and France). */
export const LONDON = "Europe/London";

/** An instant: a Date, an ISO string, or milliseconds since the epoch. */
export type Instant = Date | string | number;

const asDate = (value: Instant): Date => (value instanceof Date ? value : new Date(value));

/**
 * A formatter made on its first use, then kept. Not at module load: this module is in every page's first
 * JavaScript, and making the nine ICU formatters cost about 13 ms of CPU on this machine's core (about 50 ms
 * on bench:vitals's phone, most of the task that evaluates the page's code) for a page that shows no date
 * (decision 0351).
 */
function made<T>(make: () => T): () => T {
  let kept: T | undefined;
  return () => (kept ??= make());
}

const DATE = made(() => new Intl.DateTimeFormat("en-GB", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: LONDON }));
const DATE_SHORT_YEAR = made(() => new Intl.DateTimeFormat("en-GB", { day: "2-digit", month: "2-digit", year: "2-digit", timeZone: LONDON }));
const DATE_IN_WORDS = made(() => new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: LONDON }));
const MONTH_YEAR = made(() => new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: LONDON }));
const DATE_TIME = made(() => new Intl.DateTimeFormat("en-GB", { day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: LONDON }));
const DATE_TIME_IN_WORDS = made(() => new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: LONDON }));

/** DD/MM/YYYY in London (spec §9): receipts, lists, Treats, account and back-office pages. */
export function formatDate(value: Instant): string {
  return DATE().format(asDate(value));
}

/** DD/MM/YY in London: the spec's subscription messages. */
export function formatDateShortYear(value: Instant): string {
  return DATE_SHORT_YEAR().format(asDate(value));
}

/** "6 December 2026" in London: reviews, a listing's history, blog posts. */
export function formatDateInWords(value: Instant): string {
  return DATE_IN_WORDS().format(asDate(value));
}

/** "December 2026" in London: "member since". */
export function formatMonthYear(value: Instant): string {
  return MONTH_YEAR().format(asDate(value));
}

/** "06/12/2026, 14:05" in London: the audit log, mail and messages received. */
export function formatDateTime(value: Instant): string {
  return DATE_TIME().format(asDate(value));
}

/** "6 Dec 2026, 14:05" in London: a member's sessions. */
export function formatDateTimeInWords(value: Instant): string {
  return DATE_TIME_IN_WORDS().format(asDate(value));
}

const CLOCK = made(() => new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: LONDON }));
const WEEKDAY_DAY_MONTH = made(() => new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: LONDON }));

/** "14:05" in London or, on another London day than `from`, "Tue 8 Dec 14:05": a trip's times. */
export function formatTimeOfDay(value: Instant, from?: Instant): string {
  const at = asDate(value);
  const sameDay = from === undefined || WEEKDAY_DAY_MONTH().format(at) === WEEKDAY_DAY_MONTH().format(asDate(from));
  return sameDay ? CLOCK().format(at) : `${WEEKDAY_DAY_MONTH().format(at)} ${CLOCK().format(at)}`;
}

const MONTHS_SHORT = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function calendarParts(day: string): { year: string; month: number; date: number } {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(day);
  if (!match) throw new RangeError(`Not a calendar day: ${day}`);
  return { year: match[1], month: Number(match[2]), date: Number(match[3] ?? "1") };
}

/** A calendar day ("YYYY-MM-DD", no time and so no time zone) as DD/MM/YYYY: a discount link's expiry. */
export function formatCalendarDay(day: string): string {
  const { year, month, date } = calendarParts(day);
  return `${String(date).padStart(2, "0")}/${String(month).padStart(2, "0")}/${year}`;
}

/** "23 Nov" for a calendar day "YYYY-MM-DD": a chart's week. */
export function formatDayMonth(day: string): string {
  const { month, date } = calendarParts(day);
  return `${date} ${MONTHS_SHORT[month - 1]}`;
}

/** "Nov 2026" for a calendar month "YYYY-MM": a revenue table's month. */
export function formatCalendarMonth(month: string): string {
  const parts = calendarParts(month);
  return `${MONTHS_SHORT[parts.month - 1]} ${parts.year}`;
}

/** £39.99 from 3999 pence (money is kept in pence everywhere). */
export function formatPence(pence: number): string {
  const sign = pence < 0 ? "-" : "";
  const whole = Math.abs(Math.round(pence));
  return `${sign}£${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}

const COUNT = made(() => new Intl.NumberFormat("en-GB"));

/**
 * A whole number as people read it: "1,234". The same as `n.toLocaleString("en-GB")`, from one formatter
 * made once: V8 made a new one for nearly every `toLocaleString` call in the server (about 40 µs each, a
 * results page's "Showing 1–20 of 1,234 results" about 0.1 ms; decision 0331).
 */
export function formatCount(n: number): string {
  // Whole numbers (every count a page shows) without ICU: its formatter still cost about 40 µs a call in
  // the server's profile, 1 % of a results page (decision 0333). Digits grouped in threes with commas, as
  // en-GB writes them; anything else goes to the formatter.
  if (Number.isSafeInteger(n) && !Object.is(n, -0)) {
    const digits = String(Math.abs(n));
    let grouped = digits.length > 3 ? "" : digits;
    if (digits.length > 3) {
      const head = digits.length % 3 || 3;
      grouped = digits.slice(0, head);
      for (let i = head; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
    }
    return n < 0 ? `-${grouped}` : grouped;
  }
  return COUNT().format(n);
}

/** Spec §9: distances in miles to 1 decimal place. */
export function formatMiles(miles: number): string {
  return `${miles.toFixed(1)} miles`;
}

/** A trip's driving and break times in minutes: "40 min", "2 h", "2 h 05". */
export function formatMinutes(totalMinutes: number): string {
  const minutes = Math.round(totalMinutes);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${String(rest).padStart(2, "0")}`;
}

/** Drive time as "2 h 35 min" or "40 min". */
export function formatDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

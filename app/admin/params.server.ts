// Bounded reading of back-office query strings and forms: every integer and string is checked before
// it reaches SQL (a NUL byte or a 20-digit number gives a 400, never a 500).
import { AppError } from "../../core/errors";

export const PAGE_SIZES = [25, 50, 100] as const;
export const MAX_PAGE = 10_000;
/** The most ids one bulk action takes. */
export const MAX_BULK = 500;

export function boundedText(value: FormDataEntryValue | string | null | undefined, max = 100): string {
  if (value === null || value === undefined || typeof value !== "string") return "";
  if (value.length > max * 4) throw new AppError(400, "That search is too long.");
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(value)) throw new AppError(400, "That text holds characters it cannot hold.");
  return value.trim().slice(0, max);
}

/** A positive whole number within max, or null when absent/empty; anything else is a 400. */
export function optionalId(value: FormDataEntryValue | string | null | undefined, max = 2_147_483_647): number | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value !== "string" || !/^\d{1,10}$/.test(value)) throw new AppError(400, "That is not a valid number.");
  const number = Number(value);
  if (number < 1 || number > max) throw new AppError(400, "That is not a valid number.");
  return number;
}

export function requiredId(value: FormDataEntryValue | string | null | undefined, what = "record"): number {
  const id = optionalId(value);
  if (id === null) throw new AppError(400, `Please choose a ${what}.`);
  return id;
}

export function pageOf(params: URLSearchParams): { page: number; limit: number } {
  const page = optionalId(params.get("page"), MAX_PAGE) ?? 1;
  const limitValue = optionalId(params.get("limit"), 1000) ?? 50;
  const limit = (PAGE_SIZES as readonly number[]).includes(limitValue) ? limitValue : 50;
  return { page, limit };
}

/** The ids ticked in a bulk form (name "ids"), de-duplicated and bounded. */
export function idsOf(form: FormData): number[] {
  const values = form.getAll("ids");
  if (values.length > MAX_BULK) throw new AppError(400, `Please choose at most ${MAX_BULK} at a time.`);
  return [...new Set(values.map((value) => requiredId(value)))];
}

/** The hex form of an id used in admin URLs (/account/admin/reviews/{hexId}). */
export function hexId(id: number): string {
  return id.toString(16);
}

export function fromHexId(value: string | undefined): number | null {
  if (!value || !/^[0-9a-f]{1,8}$/i.test(value)) return null;
  const id = parseInt(value, 16);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** A timestamp from the postgres client (a string or a Date, by column type settings) as ISO 8601. */
export function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

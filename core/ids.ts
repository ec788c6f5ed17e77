/** The largest id a PostgreSQL integer (serial) column holds. */
export const MAX_DATABASE_ID = 2_147_483_647;

/**
 * A row id from a URL segment, query value or form field: 1 to 10 digits within the integer column's
 * range, else null. Every id from a request goes through this before it reaches SQL.
 */
export function parseDatabaseId(value: unknown): number | null {
  if (typeof value === "number") return Number.isInteger(value) && value >= 1 && value <= MAX_DATABASE_ID ? value : null;
  if (typeof value !== "string" || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_DATABASE_ID ? id : null;
}

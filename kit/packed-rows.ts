/**
 * Rows of one shape sent to the browser as one JSON text of arrays, in the order of `fields` (decision 0333).
 * Remix encodes loader data with turbo-stream, which walks every value of every row on every request
 * (the homepage's 55 roads, seven fields each: about 0.2 ms of a page's CPU and most of its data script);
 * one string is one value to it. Only for rows of JSON values (strings, finite numbers, booleans, null,
 * plain objects and arrays of them). Client-safe; imports nothing.
 */
export function packRows<T extends object, const K extends readonly (keyof T & string)[]>(rows: readonly T[], fields: K): string {
  return JSON.stringify(rows.map((row) => fields.map((field) => row[field])));
}

/** The rows `packRows` packed, each an object with `fields` as keys in that order. */
export function unpackRows<T extends object>(text: string, fields: readonly (keyof T & string)[]): T[] {
  const arrays = JSON.parse(text) as unknown[][];
  return arrays.map((values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < fields.length; i++) row[fields[i]] = values[i];
    return row as T;
  });
}

/**
 * `unpackRows`, the last answer kept: a page renders from the same text on every request while its data
 * is unchanged (the server's kept text, the browser's page), and gets the same array back (which the
 * server's `staticMarkup` may key on).
 */
export function lastUnpacked<T extends object>(fields: readonly (keyof T & string)[]): (text: string) => T[] {
  let last: { text: string; rows: T[] } | null = null;
  return (text) => {
    if (last?.text !== text) last = { text, rows: unpackRows<T>(text, fields) };
    return last.rows;
  };
}

import { existsSync, rmSync, writeFileSync } from "node:fs";

/** One rejected row or feature: where it was in the file and why it was not imported. */
export interface Rejection {
  /** A line number, a feature index or an OSM id ("way 123"). */
  where: string;
  id: string;
  reason: string;
}

/** Collects rejected rows; the good rows are imported regardless. */
export class Rejections {
  readonly rows: Rejection[] = [];
  private counted = 0;
  /** Keeps the file readable for a huge extract: the first 100,000 reasons in full, then only a count. */
  private static readonly KEEP = 100_000;

  add(where: string, id: string | number | null | undefined, reason: string): void {
    this.counted++;
    if (this.rows.length < Rejections.KEEP) this.rows.push({ where, id: id === null || id === undefined ? "" : String(id), reason });
  }

  get count(): number {
    return this.counted;
  }

  /** Writes the report as CSV (where, id, reason); returns the path, or null when nothing was rejected. */
  write(path: string): string | null {
    if (this.counted === 0) {
      if (existsSync(path)) rmSync(path);
      return null;
    }
    const cell = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
    const lines = ["where,id,reason", ...this.rows.map((r) => [r.where, r.id, r.reason].map(cell).join(","))];
    if (this.counted > this.rows.length) lines.push(`,,${this.counted - this.rows.length} more rows rejected (not listed)`);
    writeFileSync(path, `${lines.join("\n")}\n`);
    return path;
  }
}

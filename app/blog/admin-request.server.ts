// Reading the back office's request values: every id and filter is bounded before it reaches SQL.
import { AppError } from "../../core/errors";
import { ADMIN_TABS, type AdminTab } from "./admin-types";

export function idParam(value: string | undefined | null, what = "post"): number {
  if (!value || !/^\d{1,9}$/.test(value)) throw new AppError(404, `Sorry, we couldn't find that ${what}.`);
  return Number(value);
}

export function tabParam(segment: string | undefined): AdminTab {
  if (segment === undefined) return "all";
  const tab = ADMIN_TABS.find((value) => value === segment);
  if (!tab || tab === "all") throw new AppError(404, "Sorry, we couldn't find that list of posts.");
  return tab;
}

export function adminListFilters(params: URLSearchParams): { q: string; category: number | null; page: number } {
  const q = (params.get("q") ?? "").trim();
  // eslint-disable-next-line no-control-regex
  if (q.length > 100 || /[\u0000-\u001f]/.test(q)) throw new AppError(400, "Please search with at most 100 characters.");
  const categoryRaw = params.get("category") ?? "";
  if (categoryRaw && !/^\d{1,4}$/.test(categoryRaw)) throw new AppError(400, "Please choose a category from the list.");
  const pageRaw = params.get("page") ?? "1";
  if (!/^\d{1,4}$/.test(pageRaw) || Number(pageRaw) < 1) throw new AppError(400, "That page number is not valid.");
  return { q, category: categoryRaw ? Number(categoryRaw) : null, page: Number(pageRaw) };
}

import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./fixtures";

/** Listing ids of the result cards, in page order. */
export function resultIds(page: Page): Promise<number[]> {
  return page.locator(".result-card").evaluateAll((cards) => cards.map((card) => Number(card.getAttribute("data-result-id"))));
}

interface ApiResult {
  distance: number | null;
  distanceIn: number | null;
  location: { id: number; title: string };
}

export interface ApiSearch {
  results: ApiResult[];
  pagination: { total: number; totalPages: number; page: number; limit: number };
  mapPoints: { id: number; lat: number; lng: number }[];
}

/** The JSON API's answer for the same search (the pages and the API call the same engine). */
export async function apiSearch(request: APIRequestContext, searchType: string, query: string): Promise<ApiSearch> {
  const response = await request.get(`/api/locations/search/${searchType}?${query}`);
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** HTML as text: entities decoded, so messages can be matched as written. */
export function plainText(html: string): string {
  return html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

export function isSorted(values: number[]): boolean {
  return values.every((value, index) => index === 0 || values[index - 1] <= value);
}

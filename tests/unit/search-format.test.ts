import { describe, expect, it } from "vitest";
import { formatMiles } from "../../kit/format";
import { pageNumbers } from "../../kit/pager";
import { formatTotal, listingImage, paginationLinks, placeholderImage, resultsLine } from "../../app/search/format";
import { homePreset, homeTabCookie, tabFromCookieHeader } from "../../app/search/home";
import { describeTypes } from "../../app/search/listing-types";

describe("numbers as the spec shows them", () => {
  it("miles to one decimal place", () => {
    expect(formatMiles(0.04)).toBe("0.0 miles");
    expect(formatMiles(2.349)).toBe("2.3 miles");
    expect(formatMiles(12.35)).toBe("12.3 miles");
  });

  it("totals above 1000 as 'over N,000', rounded down", () => {
    expect(formatTotal(999)).toBe("999");
    expect(formatTotal(1000)).toBe("1,000");
    expect(formatTotal(1001)).toBe("over 1,000");
    expect(formatTotal(5999)).toBe("over 5,000");
    expect(formatTotal(10_000, true)).toBe("over 10,000");
  });

  it("the results line", () => {
    expect(resultsLine({ page: 2, limit: 20, total: 312, totalPages: 16, totalIsCapped: false }, 20)).toBe("Showing 21–40 of 312 results");
    expect(resultsLine({ page: 1, limit: 20, total: 1, totalPages: 1, totalIsCapped: false }, 1)).toBe("Showing 1 of 1 result");
    expect(resultsLine({ page: 3, limit: 20, total: 4321, totalPages: 217, totalIsCapped: false }, 20)).toBe("Showing 41–60 of over 4,000 results");
  });
});

describe("pagination", () => {
  it("lists the pages within 2 of the current one, the first and the last", () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 5)).toEqual([1, 2, 3, "gap", 5]);
    expect(pageNumbers(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumbers(1, 10)).toEqual([1, 2, 3, "gap", 10]);
    expect(pageNumbers(6, 12)).toEqual([1, "gap", 4, 5, 6, 7, 8, "gap", 12]);
    expect(pageNumbers(4, 12)).toEqual([1, 2, 3, 4, 5, 6, "gap", 12]);
    expect(pageNumbers(12, 12)).toEqual([1, "gap", 10, 11, 12]);
  });

  it("offers view all, view the first 100 and 100 per page as the spec says", () => {
    const small = paginationLinks({ page: 1, limit: 20, total: 83, totalPages: 5, totalIsCapped: false });
    expect(small.viewAll).toEqual({ label: "View all 83 results", limit: 100 });
    expect(small.hundredPerPage).toEqual({ page: 1 });
    expect(small.previous).toBeNull();
    expect(small.next).toBe(2);

    const big = paginationLinks({ page: 7, limit: 20, total: 4321, totalPages: 217, totalIsCapped: false });
    expect(big.viewAll).toEqual({ label: "View the first 100 results", limit: 100 });
    expect(big.hundredPerPage).toEqual({ page: 2 });

    const hundred = paginationLinks({ page: 1, limit: 100, total: 4321, totalPages: 44, totalIsCapped: false });
    expect(hundred.viewAll).toBeNull();
    expect(hundred.hundredPerPage).toBeNull();

    const one = paginationLinks({ page: 1, limit: 20, total: 12, totalPages: 1, totalIsCapped: false });
    expect(one).toEqual({ pages: [], previous: null, next: null, viewAll: null, hundredPerPage: null });
  });
});

describe("placeholder images", () => {
  it("are chosen by type alone, never the road-sign drawing, at the map (2) and thumbnail (6) sizes", () => {
    expect(placeholderImage(1, 6).src).toBe("/images/placeholders/listing-1.svg");
    expect(placeholderImage(2, 6).src).toBe("/images/placeholders/listing-2.svg");
    expect(placeholderImage(3, 2).src).toBe("/images/placeholders/listing-3.svg");
    expect(placeholderImage(5, 2).src).toBe("/images/placeholders/vet-1.svg");
    for (const type of [1, 2, 3, 4, 5, 99]) expect(placeholderImage(type, 6).src).not.toContain("listing-4");
    expect(placeholderImage(1, 2)).toMatchObject({ width: 320, height: 200 });
    expect(placeholderImage(1, 6)).toMatchObject({ width: 160, height: 120 });
  });

  it("give way to the listing's first photo", () => {
    expect(listingImage({ url: "/uploads/abc/6.webp", width: 160, height: 120 }, 1, 6)).toEqual({ src: "/uploads/abc/6.webp", width: 160, height: 120 });
    expect(listingImage(null, 3, 6).src).toBe("/images/placeholders/listing-3.svg");
  });
});

describe("homepage", () => {
  it("presets type and country per address, and reads and writes the tab cookie", () => {
    expect(homePreset("/vets-in-france")).toMatchObject({ types: [5], country: "france" });
    expect(homePreset("/pubs/")).toMatchObject({ types: [2], country: "united-kingdom" });
    expect(homePreset("/")).toMatchObject({ types: [], country: "" });
    expect(homeTabCookie("road")).toBe("homepage-tab=road; Max-Age=31536000; Path=/; SameSite=Lax");
    expect(tabFromCookieHeader("a=1; homepage-tab=location; b=2")).toBe("location");
    expect(tabFromCookieHeader("homepage-tab=sideways")).toBeNull();
    expect(tabFromCookieHeader(null)).toBeNull();
  });

  it("names what a search looks for", () => {
    expect(describeTypes({ types: [], allWalks: false, pubWalks: false, beachWalks: false, accommodation: false, dogServices: false })).toBe("Dog-friendly places");
    expect(describeTypes({ types: [2, 5], allWalks: false, pubWalks: false, beachWalks: false, accommodation: false, dogServices: false })).toBe("Pubs and cafés and vets");
    expect(describeTypes({ types: [1], allWalks: false, pubWalks: true, beachWalks: false, accommodation: false, dogServices: false })).toBe("Walks with a pub");
    expect(describeTypes({ types: [4], allWalks: false, pubWalks: false, beachWalks: false, accommodation: true, dogServices: false })).toBe("Dog-friendly accommodation");
    expect(describeTypes({ types: [5], allWalks: false, pubWalks: false, beachWalks: false, accommodation: true, dogServices: true })).toBe("Vets, dog-friendly accommodation and dog services");
  });
});

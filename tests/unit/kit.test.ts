// The shared kit (kit/): formatting in Europe/London, money, distances, the HTML escape, cookies and paging.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readCookie, serializeCookie } from "../../kit/cookies";
import {
  formatCalendarDay,
  formatCalendarMonth,
  formatDate,
  formatDateInWords,
  formatDateShortYear,
  formatDateTime,
  formatDateTimeInWords,
  formatDayMonth,
  formatDuration,
  formatMiles,
  formatMinutes,
  formatMonthYear,
  formatPence,
  formatTimeOfDay,
} from "../../kit/format";
import { escapeHtml } from "../../kit/html";
import { adjacentPages, pageCount, pageNumbers, pageRange } from "../../kit/pager";

describe("dates are London's, whatever the server's zone", () => {
  // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST); on 31 December it is still 31 December (GMT).
  const summerNight = "2026-06-30T23:30:00Z";
  const winterNight = new Date("2026-12-31T23:30:00Z");

  it("DD/MM/YYYY and DD/MM/YY", () => {
    expect(formatDate(summerNight)).toBe("01/07/2026");
    expect(formatDate(winterNight)).toBe("31/12/2026");
    expect(formatDate(winterNight.getTime())).toBe("31/12/2026");
    expect(formatDateShortYear(summerNight)).toBe("01/07/26");
  });

  it("in words, month and year, with the time", () => {
    expect(formatDateInWords(summerNight)).toBe("1 July 2026");
    expect(formatMonthYear(summerNight)).toBe("July 2026");
    expect(formatDateTime(summerNight)).toBe("01/07/2026, 00:30");
    expect(formatDateTimeInWords(winterNight)).toBe("31 Dec 2026, 23:30");
  });

  it("a trip's times: the clock, with the day once it is another day", () => {
    expect(formatTimeOfDay("2026-06-30T08:05:00Z")).toBe("09:05");
    expect(formatTimeOfDay(summerNight, "2026-06-30T20:00:00Z")).toBe("Wed 1 Jul 00:30");
    expect(formatTimeOfDay("2026-06-30T20:00:00Z", "2026-06-30T08:00:00Z")).toBe("21:00");
  });

  it("calendar days and months are shown as they are", () => {
    expect(formatCalendarDay("2027-03-09")).toBe("09/03/2027");
    expect(formatDayMonth("2026-11-23")).toBe("23 Nov");
    expect(formatCalendarMonth("2026-11")).toBe("Nov 2026");
    expect(() => formatCalendarDay("09/03/2027")).toThrow(RangeError);
  });
});

describe("money, distances and durations", () => {
  it("pence as pounds", () => {
    expect(formatPence(3999)).toBe("£39.99");
    expect(formatPence(5)).toBe("£0.05");
    expect(formatPence(0)).toBe("£0.00");
    expect(formatPence(-250)).toBe("-£2.50");
  });

  it("miles to one decimal place, drive and break times", () => {
    expect(formatMiles(2.349)).toBe("2.3 miles");
    expect(formatDuration(40 * 60)).toBe("40 min");
    expect(formatDuration(155 * 60)).toBe("2 h 35 min");
    expect(formatMinutes(40)).toBe("40 min");
    expect(formatMinutes(120)).toBe("2 h");
    expect(formatMinutes(125)).toBe("2 h 05");
  });
});

describe("escapeHtml", () => {
  it("escapes the five characters as numeric references and leaves the rest", () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a> café`)).toBe("&#60;a href=&#34;x&#34;&#62;Tom &#38; Jerry&#39;s&#60;/a&#62; café");
  });
});

describe("cookies", () => {
  it("writes one shape, Secure on request", () => {
    expect(serializeCookie("homepage-tab", "road", { maxAgeSeconds: 31_536_000 })).toBe("homepage-tab=road; Max-Age=31536000; Path=/; SameSite=Lax");
    expect(serializeCookie("seen", "2026-12-06T07:00:00.000Z", { maxAgeSeconds: 86_400, secure: true })).toBe("seen=2026-12-06T07%3A00%3A00.000Z; Max-Age=86400; Path=/; SameSite=Lax; Secure");
  });

  it("reads back what it wrote, among others, and nothing from a malformed value", () => {
    const written = serializeCookie("seen", "2026-12-06T07:00:00.000Z", { maxAgeSeconds: 86_400 }).split(";")[0];
    expect(readCookie(`a=1; ${written}; menu-more=open`, "seen")).toBe("2026-12-06T07:00:00.000Z");
    expect(readCookie("a=1;menu-more=open", "menu-more")).toBe("open");
    expect(readCookie("menu-more-x=open", "menu-more")).toBeNull();
    expect(readCookie("seen=%E0%A4%A", "seen")).toBeNull();
    expect(readCookie(null, "seen")).toBeNull();
  });
});

describe("pager", () => {
  it("counts pages, at least one", () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(40, 20)).toBe(2);
    expect(pageCount(41, 20)).toBe(3);
  });

  it("the items a page shows", () => {
    expect(pageRange(2, 20, 312)).toEqual({ first: 21, last: 40 });
    expect(pageRange(16, 20, 312)).toEqual({ first: 301, last: 312 });
    expect(pageRange(2, 20, 312, 5)).toEqual({ first: 21, last: 25 });
    expect(pageRange(1, 20, 0)).toEqual({ first: 0, last: 0 });
  });

  it("the numbers a pager links to, and the pages either side", () => {
    expect(pageNumbers(6, 12)).toEqual([1, "gap", 4, 5, 6, 7, 8, "gap", 12]);
    expect(adjacentPages(1, 3)).toEqual({ previous: null, next: 2 });
    expect(adjacentPages(3, 3)).toEqual({ previous: 2, next: null });
  });
});

describe("the kit stands below every layer", () => {
  it("imports nothing, so the browser, app/, geo/ and db/ may all use it", () => {
    const kit = join(__dirname, "../../kit");
    const imports = readdirSync(kit)
      .filter((file) => file.endsWith(".ts"))
      .flatMap((file) => [...readFileSync(join(kit, file), "utf8").matchAll(/^\s*(?:import|export)\b[^;]*\bfrom\s+["']([^"']+)["']/gm)].map((match) => `${file}: ${match[1]}`));
    expect(imports).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { formatCount } from "../../kit/format";
import { keptByText } from "../../kit/kept-by-text";

describe("keptByText", () => {
  it("answers as the function does, working each text out once while it is kept", () => {
    const asked: string[] = [];
    const upper = keptByText((text) => (asked.push(text), text.toUpperCase()), 100, (answer) => answer.length);
    expect(upper("abc")).toBe("ABC");
    expect(upper("abc")).toBe("ABC");
    expect(upper("def")).toBe("DEF");
    expect(asked).toEqual(["abc", "def"]);
  });

  it("forgets the oldest texts past its characters, and never keeps one larger than them", () => {
    const asked: string[] = [];
    // Each text of 10 characters costs 20 (the text and its answer): three fit in 60.
    const same = keptByText((text) => (asked.push(text), text), 60, (answer) => answer.length);
    const texts = ["a", "b", "c", "d"].map((letter) => letter.repeat(10));
    for (const text of texts) same(text);
    expect(asked).toEqual(texts);
    same(texts[3]);
    same(texts[1]);
    expect(asked).toHaveLength(4);
    same(texts[0]);
    expect(asked).toHaveLength(5);
    const huge = "z".repeat(40);
    same(huge);
    same(huge);
    expect(asked.filter((text) => text === huge)).toHaveLength(2);
  });
});

describe("formatCount", () => {
  it("writes a number as toLocaleString('en-GB') does", () => {
    for (const n of [0, -0, 1, 7, 999, 1000, 1234, 12_345, 123_456, 1_000_000, 1_234_567, 12_345_678, -42, -1000, -123_456_789, 3.5, 0.125, 1234.5678, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 60, NaN, Infinity])
      expect(formatCount(n), String(n)).toBe(n.toLocaleString("en-GB"));
  });
});

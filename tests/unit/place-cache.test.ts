import { describe, expect, it } from "vitest";
import { createPlaceCache } from "../../geo/geocode/place-cache";

// The places a process keeps by the text they were found as (decision 0198).
type Place = { lat: number; lng: number; label: string };

function countingGazetteer(known: Record<string, Place>) {
  const asked: string[] = [];
  let fail = false;
  const resolve = async (text: string): Promise<Place | null> => {
    asked.push(text);
    await new Promise((done) => setTimeout(done, 1));
    if (fail) throw new Error("the database is down");
    const place = known[text.trim()];
    return place ? { ...place } : null;
  };
  return { resolve, asked, failNext: (value: boolean) => (fail = value) };
}

const LONDON = { lat: 51.5072, lng: -0.1276, label: "London, Greater London" };
const LEEDS = { lat: 53.7965, lng: -1.5478, label: "Leeds, West Yorkshire" };

describe("the place cache", () => {
  it("asks once for the same text (spaces around it aside), also when asked twice at once, and gives a frozen place", async () => {
    const { resolve, asked } = countingGazetteer({ London: LONDON });
    const cached = createPlaceCache(resolve, { seconds: 60 });
    const [first, together] = await Promise.all([cached("London"), cached(" London ")]);
    const later = await cached("London");
    expect(asked).toEqual(["London"]);
    expect(first).toEqual(LONDON);
    expect(together).toBe(first);
    expect(later).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it("asks again once the place has been kept its seconds", async () => {
    let clock = 1_000;
    const { resolve, asked } = countingGazetteer({ London: LONDON });
    const cached = createPlaceCache(resolve, { seconds: 60, now: () => clock });
    await cached("London");
    clock += 59_999;
    await cached("London");
    expect(asked).toHaveLength(1);
    clock += 2;
    await cached("London");
    expect(asked).toHaveLength(2);
  });

  it("keeps neither 'not found' nor a failure", async () => {
    const known: Record<string, Place> = {};
    const { resolve, asked, failNext } = countingGazetteer(known);
    const cached = createPlaceCache(resolve, { seconds: 60 });
    expect(await cached("Leeds")).toBeNull();
    known.Leeds = LEEDS;
    expect(await cached("Leeds")).toEqual(LEEDS);
    failNext(true);
    await expect(cached("London")).rejects.toThrow("the database is down");
    failNext(false);
    known.London = LONDON;
    expect(await cached("London")).toEqual(LONDON);
    expect(asked).toEqual(["Leeds", "Leeds", "London", "London"]);
  });

  it("keeps at most maxEntries texts, dropping the least recently used", async () => {
    const { resolve, asked } = countingGazetteer({ London: LONDON, Leeds: LEEDS, York: { lat: 53.96, lng: -1.08, label: "York" } });
    const cached = createPlaceCache(resolve, { seconds: 60, maxEntries: 2 });
    await cached("London");
    await cached("Leeds");
    await cached("London");
    await cached("York");
    // Leeds was the least recently used: gone; London and York are kept.
    await cached("London");
    await cached("York");
    expect(asked).toEqual(["London", "Leeds", "York"]);
    await cached("Leeds");
    expect(asked).toEqual(["London", "Leeds", "York", "Leeds"]);
  });

  it("with 0 seconds asks every time", async () => {
    const { resolve, asked } = countingGazetteer({ London: LONDON });
    const cached = createPlaceCache(resolve, { seconds: 0 });
    await cached("London");
    await cached("London");
    expect(asked).toEqual(["London", "London"]);
  });
});

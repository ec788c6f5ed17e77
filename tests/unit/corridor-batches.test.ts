import { describe, expect, it } from "vitest";
import { BATCH_MAX_METRES, countingBatchMetres } from "../../geo/search/route";

// The corridor walk's counting batches (decision 0201): sized to the listings still to count at the
// density walked so far, between the doubling's length and BATCH_MAX_METRES.
describe("counting batches along the route", () => {
  it("reaches the listings still wanted at the density seen so far", () => {
    // 40 listings in the first 4 km (10 a km); 960 more wanted: 96 km.
    expect(countingBatchMetres(8_000, 960, 40, 4_000)).toBe(96_000);
  });

  it("is never shorter than the doubling would make it", () => {
    // A dense start: 900 listings in 2 km leave 100 to count, which 222 m would reach.
    expect(countingBatchMetres(4_000, 100, 900, 2_000)).toBe(4_000);
  });

  it("is never longer than the longest batch, however sparse the road so far", () => {
    expect(countingBatchMetres(8_000, 990, 10, 50_000)).toBe(BATCH_MAX_METRES);
    // Nothing seen yet: no density to go by.
    expect(countingBatchMetres(8_000, 1_000, 0, 12_000)).toBe(BATCH_MAX_METRES);
    expect(countingBatchMetres(8_000, 1_000, 0, 0)).toBe(BATCH_MAX_METRES);
  });
});

import { describe, expect, it } from "vitest";
import { fullTitleOf, joinPlaceParts } from "../../app/listings/place-words";

describe("a listing's full title", () => {
  it("adds the place once, never when the title already names it", () => {
    expect(fullTitleOf("The Dog and Gun", "Keswick")).toBe("The Dog and Gun, Keswick");
    expect(fullTitleOf("The Dog and Gun, Keswick", "Keswick")).toBe("The Dog and Gun, Keswick");
    expect(fullTitleOf("The Dog and Gun Keswick", "keswick")).toBe("The Dog and Gun Keswick");
    expect(fullTitleOf("Riverside walk near Saint-Jean-de-Luz", "Saint-Jean-de-Luz")).toBe("Riverside walk near Saint-Jean-de-Luz");
    expect(fullTitleOf("Castle Combe walk", "Castle Combe")).toBe("Castle Combe walk");
  });

  it("matches whole words only, and leaves an empty place or title alone", () => {
    expect(fullTitleOf("The Yorkshire Grey", "York")).toBe("The Yorkshire Grey, York");
    expect(fullTitleOf("The Dog and Gun", "")).toBe("The Dog and Gun");
    expect(fullTitleOf("", "Keswick")).toBe("");
  });

  it("says each address part once", () => {
    expect(joinPlaceParts(["Glasgow", "glasgow", "G1 1AA"])).toBe("Glasgow, G1 1AA");
  });
});

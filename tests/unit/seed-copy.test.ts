import { describe, expect, it } from "vitest";
import { encode, lineWkt, pointWkt } from "../../db/seed/copy";

describe("COPY text encoding of the seed's rows", () => {
  it("escapes backslash, tab, newline and carriage return, wherever they are", () => {
    expect(encode("a\\b")).toBe("a\\\\b");
    expect(encode("\tcol")).toBe("\\tcol");
    expect(encode("line\nbreak\r\n")).toBe("line\\nbreak\\r\\n");
    expect(encode("all \\ \t \n \r twice \\ \t \n \r")).toBe("all \\\\ \\t \\n \\r twice \\\\ \\t \\n \\r");
  });

  it("leaves other text, numbers and geometry as they are", () => {
    expect(encode("The Red Lion, near M6 Junction 40 — café")).toBe("The Red Lion, near M6 Junction 40 — café");
    expect(encode(0)).toBe("0");
    expect(encode(-2.5)).toBe("-2.5");
    expect(encode(pointWkt(-2.94, 54.9))).toBe("SRID=4326;POINT(-2.940000 54.900000)");
    expect(encode(lineWkt([[0, 1], [2.5, 3]]))).toBe("SRID=4326;LINESTRING(0.000000 1.000000,2.500000 3.000000)");
  });

  it("writes null and undefined as \\N, booleans as t/f, arrays as PostgreSQL arrays", () => {
    expect(encode(null)).toBe("\\N");
    expect(encode(undefined)).toBe("\\N");
    expect(encode(true)).toBe("t");
    expect(encode(false)).toBe("f");
    expect(encode([1, 3, 12])).toBe("{1,3,12}");
    expect(encode([])).toBe("{}");
  });
});

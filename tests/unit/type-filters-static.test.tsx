import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TypeFilters, type TypeFilterValues } from "../../app/components/search/TypeFilters";
import { PageContextProvider } from "../../app/ops/page-context";
import { emptyState } from "../../app/search/url";

// Decision 0334: on the server the type filters' groups (types, walks, member businesses, facilities) are
// rendered once per filters, messages and facilities, and reused; the HTML must be what the groups
// rendered on the page write.
describe("TypeFilters on the server", () => {
  const kept = new Map<string, string>();
  let renders = 0;
  const staticMarkup = (key: object | string, render: () => ReactElement) => {
    if (typeof key !== "string") throw new Error("TypeFilters keys its markup by text");
    if (!kept.has(key)) {
      renders++;
      kept.set(key, renderToStaticMarkup(render()));
    }
    return kept.get(key) as string;
  };
  const facilities = [
    { id: 1, name: "Parking" },
    { id: 2, name: "Water bowls & <treats>" },
    { id: 14, name: "Shade \"under trees\"" },
  ];
  function filters(values: Partial<TypeFilterValues>, withStaticMarkup: boolean, fieldErrors: Record<string, string> = {}, list = facilities, idPrefix = "filter") {
    return renderToStaticMarkup(
      <PageContextProvider value={{ nonce: "", requestId: "", staticMarkup: withStaticMarkup ? staticMarkup : undefined }}>
        <TypeFilters idPrefix={idPrefix} values={{ ...emptyState("route"), ...values }} facilities={list} fieldErrors={fieldErrors} onChange={() => undefined} />
      </PageContextProvider>,
    );
  }

  it("writes the same HTML as the groups rendered on the page, for each filters, messages and facilities", () => {
    const cases: [Partial<TypeFilterValues>, Record<string, string>, { id: number; name: string }[], string][] = [
      [{}, {}, facilities, "filter"],
      [{ types: [2, 5] }, {}, facilities, "filter"],
      [{ pubWalks: true, beachWalks: true }, {}, facilities, "filter"],
      [{ allWalks: true, accommodation: true }, {}, facilities, "filter"],
      [{ dogServices: true, facilities: [2, 14] }, {}, facilities, "filter"],
      [{ facilities: [1] }, { facilities: "Choose at most 10 facilities" }, facilities, "filter"],
      [{ types: [1] }, { types: "Unknown type", pubWalks: "Choose one", accommodation: "No" }, facilities, "filter"],
      [{}, {}, [], "filter"],
      [{}, {}, facilities.slice(0, 2), "motorway"],
    ];
    for (const [values, errors, list, idPrefix] of cases) {
      const plain = filters(values, false, errors, list, idPrefix);
      expect(filters(values, true, errors, list, idPrefix)).toBe(plain);
      // The second time from what was kept.
      expect(filters(values, true, errors, list, idPrefix)).toBe(plain);
    }
    expect(filters({ facilities: [2] }, true)).toContain("Facilities (1 chosen)");
    expect(filters({ facilities: [2] }, true)).toContain("Water bowls &amp; &lt;treats");
  });

  it("renders each group once for one set of filters, and again when the filters, messages or facilities differ", () => {
    kept.clear();
    renders = 0;
    filters({}, true);
    expect(renders).toBe(4);
    filters({}, true);
    expect(renders).toBe(4);
    filters({ types: [3] }, true);
    expect(renders).toBe(8);
    filters({}, true, { types: "Unknown type" });
    expect(renders).toBe(12);
    filters({}, true, {}, [{ id: 1, name: "Parking, renamed" }]);
    expect(renders).toBe(16);
  });
});

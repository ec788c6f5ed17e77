import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { routeMatcher } from "../../app/ops/route-id.server";

const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({ id, parentId, path, index, module: {} });
const routes = {
  root: route("root", undefined, ""),
  home: route("routes/home", "root", undefined, true),
  listing: route("routes/listing", "root", ":type/:slug"),
  blog: route("routes/blog", "root", "bark-out/*"),
} as unknown as ServerBuild["routes"];

describe("the metrics' route matcher", () => {
  it("names the deepest route for pages, their .data requests and unknown paths, the same when asked again", () => {
    const routeIdOf = routeMatcher(routes);
    for (let round = 0; round < 2; round++) {
      expect(routeIdOf("/")).toBe("routes/home");
      expect(routeIdOf("/_root.data")).toBe("routes/home");
      expect(routeIdOf("/dog-walk/ilkley-moor")).toBe("routes/listing");
      expect(routeIdOf("/dog-walk/ilkley-moor.data")).toBe("routes/listing");
      expect(routeIdOf("/bark-out/2026/a-walk")).toBe("routes/blog");
      expect(routeIdOf("/a/b/c")).toBeNull();
      expect(routeIdOf("/__manifest")).toBe("remix:manifest");
    }
  });

  it("keeps answering correctly past the number of paths it remembers", () => {
    const routeIdOf = routeMatcher(routes);
    for (let i = 0; i < 2_500; i++) expect(routeIdOf(`/walk/${i}`)).toBe("routes/listing");
    expect(routeIdOf("/")).toBe("routes/home");
  });
});

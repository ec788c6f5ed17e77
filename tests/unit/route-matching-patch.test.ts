import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { routeTable } from "../e2e/support/route-table";

// patches/@remix-run+router+1.23.3.patch: the server's copy of Remix's router (the CommonJS build,
// the one Node loads) keeps each route tree's ranked branches and each pattern's regular expression
// instead of rebuilding them on every match (decision 0179), and its last 1,000 answers (decision
// 0187). These tests match the app's real route table through it.
type Route = { id: string; path?: string; children?: Route[] };
type Match = { route: Route; params: Record<string, string | undefined>; pathname: string };
const { matchRoutes } = createRequire(import.meta.url)("@remix-run/router") as {
  matchRoutes: (routes: Route[], pathname: string) => Match[] | null;
};

const entries = routeTable();
const tree = (): Route[] => [{ id: "root", path: "", children: entries.map((entry) => ({ id: entry.id, path: entry.pattern })) }];
/** A URL for each pattern: each `:param` and `*` filled in. */
const paths = entries.map((entry) => entry.pattern.replace(/:(\w+)/g, "$1-value").replace("*", "a/b"));
const summary = (matches: Match[] | null) => matches?.map((match) => [match.route.id, match.pathname, JSON.stringify(match.params)]) ?? null;

describe("route matching with the cached route tree", () => {
  it("matches every route of the app as a tree matched for the first time does, asked in any order and again", () => {
    const shared = tree();
    expect(paths.length).toBeGreaterThan(100);
    for (const round of [paths, [...paths].reverse(), [...paths, "/no/such/page", "/DOG-WALK/x"]]) {
      for (const path of round) expect(summary(matchRoutes(shared, path)), path).toEqual(summary(matchRoutes(tree(), path)));
    }
    // The catch-all (the 404 page) answers what no other route does.
    expect(matchRoutes(shared, "/no/such/page")?.at(-1)?.route.path).toBe("/*");
  });

  it("is the patched router: a tree is ranked once, so a route added to it later is not seen (the server never adds one)", () => {
    const shared = tree();
    const lastId = (routes: Route[]) => matchRoutes(routes, "/pawroute-added-later")?.at(-1)?.route.id;
    const notFound = lastId(shared);
    expect(notFound).not.toBe("added");
    shared[0].children!.push({ id: "added", path: "/pawroute-added-later" });
    // The unpatched router flattens the tree again on every call and would find the new route.
    expect(lastId(shared)).toBe(notFound);
    // A new array holding the same routes is ranked afresh and finds it.
    expect(lastId([...shared])).toBe("added");
  });

  it("gives each caller its own matches: changing one answer does not change the next", () => {
    const shared = tree();
    const path = paths.find((candidate) => candidate.includes("-value"))!;
    const first = matchRoutes(shared, path)!;
    const expected = summary(matchRoutes(tree(), path));
    first[0].params.injected = "x";
    first[0].pathname = "/changed";
    first.pop();
    const again = matchRoutes(shared, path);
    expect(again).not.toBe(first);
    expect(summary(again)).toEqual(expected);
    // Within one answer the matches share one params object, as the unpatched router's do.
    expect(new Set(again!.map((match) => match.params)).size).toBe(1);
  });
});

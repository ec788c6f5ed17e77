// The header's section dropdowns (docs/decisions/0151): which sections open a menu, what each lists,
// and when a section holds the current page.
import { describe, expect, it } from "vitest";
import { builtSections, inSection, sectionMenu } from "../../app/navigation";

const CATEGORIES = [
  { slug: "walks", name: "Walks" },
  { slug: "dog-health", name: "Dog health" },
];

describe("sectionMenu", () => {
  it("gives 'Search' the homepage search at each tab", () => {
    expect(sectionMenu("/", CATEGORIES)).toEqual([
      { to: "/?tab=road", label: "By road" },
      { to: "/?tab=location", label: "Near a place" },
      { to: "/?tab=route", label: "Along a route" },
    ]);
  });

  it("gives 'Bark Out blog' the latest posts, each category as the listing's filter, and the story form", () => {
    expect(sectionMenu("/bark-out", CATEGORIES)).toEqual([
      { to: "/bark-out", label: "Latest posts" },
      { to: "/bark-out?category=walks", label: "Walks" },
      { to: "/bark-out?category=dog-health", label: "Dog health" },
      { to: "/bark-out/submit", label: "Share your story" },
    ]);
    expect(sectionMenu("/bark-out", [])).toEqual([
      { to: "/bark-out", label: "Latest posts" },
      { to: "/bark-out/submit", label: "Share your story" },
    ]);
  });

  it("leaves the other main sections as plain links", () => {
    const plain = builtSections("main").filter((section) => section.to !== "/" && section.to !== "/bark-out");
    expect(plain.length).toBeGreaterThan(0);
    for (const section of plain) expect(sectionMenu(section.to, CATEGORIES), section.to).toBeNull();
  });
});

describe("inSection", () => {
  it("marks 'Search' only on the homepage, and the blog on every Bark Out page", () => {
    expect(inSection("/", "/")).toBe(true);
    expect(inSection("/", "/contact")).toBe(false);
    expect(inSection("/bark-out", "/bark-out/")).toBe(true);
    expect(inSection("/bark-out", "/bark-out")).toBe(true);
    expect(inSection("/bark-out", "/bark-out/submit")).toBe(true);
    expect(inSection("/bark-out", "/bark-out/keeping-cool-on-summer-walks")).toBe(true);
    expect(inSection("/bark-out", "/faqs")).toBe(false);
    expect(inSection("/bark-out", "/bark-outside")).toBe(false);
  });
});

import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { HeaderLink, MenuLinks } from "../../app/components/nav/NavDropdown";
import { PageContextProvider } from "../../app/ops/page-context";

// The header's plain links are marked current as NavLink marked them (docs/decisions/0195).
function current(to: string, pathname: string, end?: boolean): boolean {
  return renderToStaticMarkup(
    <HeaderLink to={to} pathname={pathname} end={end}>
      x
    </HeaderLink>,
  ).includes('aria-current="page"');
}

describe("HeaderLink", () => {
  it("is the current page when the path is the page's, letter case and query aside", () => {
    expect(current("/contact", "/contact")).toBe(true);
    expect(current("/contact", "/Contact")).toBe(true);
    expect(current("/account/login/?redirectTo=%2Ftreats", "/account/login/")).toBe(true);
    expect(current("/contact", "/contact/more")).toBe(false);
    expect(current("/contact", "/")).toBe(false);
  });

  it("with `end` off, is also current below its path, not beside it", () => {
    expect(current("/treats", "/treats/claim", false)).toBe(true);
    expect(current("/treats", "/treatsy", false)).toBe(false);
    expect(current("/bark-out", "/bark-out/a-post", false)).toBe(true);
    expect(current("/", "/contact", true)).toBe(false);
    expect(current("/", "/", true)).toBe(true);
  });

  it("is a plain link to its address", () => {
    expect(renderToStaticMarkup(<HeaderLink to="/join?redirectTo=%2F" pathname="/">Join</HeaderLink>)).toBe('<a href="/join?redirectTo=%2F">Join</a>');
  });
});

// Decision 0326: on the server, a menu with no link current on the page is rendered once per list of links.
describe("MenuLinks rendered once", () => {
  const links = [
    { to: "/", label: "All stops" },
    { to: "/pubs", label: "Pubs & cafés" },
    { to: "/bark-out?category=walks", label: "Walks" },
  ];
  const kept = new Map<string, string>();
  let renders = 0;
  const staticMarkup = (key: object | string, render: () => ReactElement) => {
    if (typeof key !== "string") throw new Error("MenuLinks keys its markup by the links' text");
    if (!kept.has(key)) {
      renders++;
      kept.set(key, renderToStaticMarkup(render()));
    }
    return kept.get(key) as string;
  };
  function page(path: string, withStaticMarkup: boolean, list = links) {
    return renderToStaticMarkup(
      <MemoryRouter initialEntries={[path]}>
        <PageContextProvider value={{ nonce: "", requestId: "", staticMarkup: withStaticMarkup ? staticMarkup : undefined }}>
          <MenuLinks links={list} className="sub-nav__list" />
        </PageContextProvider>
      </MemoryRouter>,
    );
  }

  it("writes the same HTML as a menu rendered on the page, current link or not, and renders a list once", () => {
    for (const path of ["/location?location=London", "/dog-walk/a-walk", "/PUBS", "/", "/bark-out?category=walks", "/pubs/"]) {
      expect(page(path, true)).toBe(page(path, false));
    }
    expect(page("/pubs", true)).toContain('<a href="/pubs" aria-current="page">');
    expect(page("/dog-walk/a-walk", true)).not.toContain("aria-current");
    // The pages with no current link shared one rendering; a changed list is another.
    expect(renders).toBe(1);
    page("/treats", true, [...links, { to: "/treats", label: "Treats" }]);
    page("/contact", true, [...links, { to: "/treats", label: "Treats" }]);
    expect(renders).toBe(2);
  });
});

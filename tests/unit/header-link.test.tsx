import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HeaderLink } from "../../app/components/nav/NavDropdown";

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
